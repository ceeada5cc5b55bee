import type { Language, RetrievalLeg } from '@support/contracts';

/**
 * Which legs run for a query language. Dense is never filtered by language; the sparse leg of a
 * language the query does not use is skipped (and recorded as skipped).
 */
export function legsFor(language: Language): { run: RetrievalLeg[]; skip: RetrievalLeg[] } {
  switch (language) {
    case 'en':
      return { run: ['dense', 'sparse_en'], skip: ['sparse_ar'] };
    case 'ar':
      return { run: ['dense', 'sparse_ar'], skip: ['sparse_en'] };
    case 'mixed':
      return { run: ['dense', 'sparse_en', 'sparse_ar'], skip: [] };
  }
}
