import { describe, expect, it } from '@jest/globals';
import { articleDocId } from './article-doc-id.js';

const DOC_ID = /^[a-z0-9][a-z0-9-]{0,127}$/;
const DRAFT = '3F2A9C1E-0b1d-5e2f-8a3b-4c5d6e7f8091';

describe('articleDocId', () => {
  it('slugs a Latin title and adds the draft id, so two drafts with one title differ', () => {
    expect(articleDocId('Do you engrave rings? (Café édition)', DRAFT)).toBe(
      'do-you-engrave-rings-cafe-edition-3f2a9c1e',
    );
    expect(articleDocId('Do you engrave rings?', DRAFT)).not.toBe(
      articleDocId('Do you engrave rings?', '9f2a9c1e-0b1d-5e2f-8a3b-4c5d6e7f8091'),
    );
  });

  it('takes the id from the draft id for an Arabic title', () => {
    expect(articleDocId('هل يمكن نقش الخاتم؟', DRAFT)).toBe('article-3f2a9c1e0b1d');
    expect(articleDocId('   ', DRAFT)).toBe('article-3f2a9c1e0b1d');
  });

  it('always matches the contract, never the glossary id, for long and odd titles', () => {
    for (const title of ['x'.repeat(300), '--Glossary--', 'نقش engraving نقش', '2-day delivery!'])
      expect(articleDocId(title, DRAFT)).toMatch(DOC_ID);
    expect(articleDocId('glossary', DRAFT)).not.toBe('glossary');
    expect(articleDocId('x'.repeat(300), DRAFT).length).toBeLessThanOrEqual(69);
  });
});
