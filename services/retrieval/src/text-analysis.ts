import { arabicBm25, detectLanguage, englishBm25, lexicalScores } from '@support/text';

/** The text processing retrieval uses: one BM25 encoder per sparse leg, routing, lexical scores. */
export const textAnalysis = {
  sparse: { en: englishBm25(), ar: arabicBm25() },
  detectLanguage,
  lexicalScores,
};
