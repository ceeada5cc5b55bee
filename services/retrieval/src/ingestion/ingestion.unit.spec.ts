import { describe, expect, it } from '@jest/globals';
import { chunkDocument } from './chunker.js';
import { parseKbMarkdown } from './kb-document.js';

const DOC = `---
id: returns-retail
title: Returns for retail orders
lang: en
topic: returns
---
# Returns for retail orders

Items can be returned within 10 days.

## Conditions
Unworn, with tags.

Sale items are final.

## How to start
Open My Orders and press Return.
`;

describe('knowledge-base documents', () => {
  it('parses the front matter and hashes the body', () => {
    const doc = parseKbMarkdown(DOC);
    expect(doc).toMatchObject({
      docId: 'returns-retail',
      title: 'Returns for retail orders',
      lang: 'en',
      topic: 'returns',
    });
    expect(doc.body.startsWith('# Returns')).toBe(true);
    expect(doc.contentSha256).toMatch(/^[0-9a-f]{64}$/);
  });

  it.each([
    ['no front matter', '# Just text', /missing front matter/],
    ['a bad id', DOC.replace('id: returns-retail', 'id: Returns Retail'), /id "Returns Retail"/],
    ['a bad language', DOC.replace('lang: en', 'lang: fr'), /lang must be en or ar/],
    ['no title', DOC.replace('title: Returns for retail orders\n', ''), /needs a "title"/],
  ])('refuses a document with %s, naming the problem', (_case, source, message) => {
    expect(() => parseKbMarkdown(source, 'kb/x.md')).toThrow(message);
  });
});

describe('chunking', () => {
  const body = parseKbMarkdown(DOC).body;

  it('splits by headings and paragraphs with stable, short ids', () => {
    const chunks = chunkDocument('returns-retail', body);
    expect(chunks.map((c) => [c.chunkId, c.heading])).toEqual([
      ['returns-retail#1', null],
      ['returns-retail#2', 'Conditions'],
      ['returns-retail#3', 'How to start'],
    ]);
    expect(chunks[1]!.text).toBe('Conditions\n\nUnworn, with tags.\n\nSale items are final.');
    expect(chunkDocument('returns-retail', body)).toEqual(chunks);
  });

  it('drops emphasis and code marks, which customers would otherwise see verbatim', () => {
    const [chunk] = chunkDocument(
      'd',
      '## **Oman**\n\n**Muscat**: 3–4 working days, see `My Orders`.',
    );
    expect(chunk!.text).toBe('Oman\n\nMuscat: 3–4 working days, see My Orders.');
  });

  it('never cuts a paragraph, and starts a new chunk when the target size is reached', () => {
    const chunks = chunkDocument('returns-retail', body, { targetChars: 20 });
    expect(chunks.map((c) => c.text)).toEqual([
      'Items can be returned within 10 days.',
      'Conditions\n\nUnworn, with tags.',
      'Conditions\n\nSale items are final.',
      'How to start\n\nOpen My Orders and press Return.',
    ]);
  });
});
