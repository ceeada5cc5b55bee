import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { AppError } from '@support/platform/pure';
import { parseKbMarkdown } from '../ingestion/kb-document.js';
import { glossaryUpsertedEvent, parseGlossary } from './glossary-file.js';
import { GLOSSARY_DOC_ID, isGlossaryDocument } from './glossary-id.js';

const GOOD =
  'pairs:\n  - en: [delivery, shipping]\n    ar: [توصيل, شحن]\n  - en: Bahrain\n    ar: البحرين\n';

function failure(source: string): string {
  try {
    parseGlossary(source, 'kb/glossary.yaml');
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe('validation_failed');
    return (error as Error).message;
  }
  throw new Error('expected the glossary to be refused');
}

describe('parseGlossary', () => {
  it('reads pairs, each side a term or a list of spellings', () => {
    expect(parseGlossary(GOOD)).toEqual([
      { en: ['delivery', 'shipping'], ar: ['توصيل', 'شحن'] },
      { en: ['Bahrain'], ar: ['البحرين'] },
    ]);
  });

  it.each([
    ['not YAML', 'pairs: [en: x', /not valid YAML/],
    ['no pairs', 'terms: []', /unknown key "terms"/],
    ['empty pairs', 'pairs: []', /non-empty list/],
    ['a pair that is not a mapping', 'pairs:\n  - delivery', /pair 1 must be a mapping/],
    ['a missing side', 'pairs:\n  - en: delivery', /pair 1 needs "ar"/],
    ['an unknown key', 'pairs:\n  - en: a b\n    ar: توصيل\n    fr: livraison', /unknown key "fr"/],
    ['Arabic on the English side', 'pairs:\n  - en: توصيل\n    ar: توصيل', /not an English term/],
    [
      'English on the Arabic side',
      'pairs:\n  - en: delivery\n    ar: delivery',
      /not an Arabic term/,
    ],
    ['a number as a term', 'pairs:\n  - en: [42]\n    ar: توصيل', /must be text/],
    ['a stop word only', 'pairs:\n  - en: the\n    ar: توصيل', /no content word/],
    ['a term too long', `pairs:\n  - en: ${'a'.repeat(81)}\n    ar: توصيل`, /1–80 characters/],
  ])('refuses %s with a message naming the file and the entry', (_what, source, message) => {
    const text = failure(source);
    expect(text).toMatch(/^kb\/glossary\.yaml: /);
    expect(text).toMatch(message);
  });

  it('accepts the glossary shipped with the sample knowledge base', () => {
    const pairs = parseGlossary(readFileSync('kb/glossary.yaml', 'utf8'));
    expect(pairs.length).toBeGreaterThan(10);
  });
});

describe('the glossary event', () => {
  it('is a kb.document_upserted of the reserved id, checked before it is built', () => {
    const event = glossaryUpsertedEvent(GOOD, { namespace: 'eval_x' });
    expect(event.type).toBe('kb.document_upserted');
    expect(event.payload).toMatchObject({ docId: GLOSSARY_DOC_ID, namespace: 'eval_x' });
    expect(isGlossaryDocument(event.payload)).toBe(true);
    expect(() => glossaryUpsertedEvent('pairs: []')).toThrow(AppError);
  });

  it('keeps documents off the reserved id', () => {
    expect(() =>
      parseKbMarkdown('---\nid: glossary\ntitle: T\nlang: en\ntopic: x\n---\nBody\n', 'g.md'),
    ).toThrow(/reserved for the glossary/);
  });
});
