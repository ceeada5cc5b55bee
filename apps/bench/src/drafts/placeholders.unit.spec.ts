import { describe, expect, it } from '@jest/globals';
import { parseKbMarkdown } from '@support/retrieval/pure';
import { resolvePlaceholders, sectionChunks } from './placeholders.js';

const returns = parseKbMarkdown(
  [
    '---',
    'id: returns',
    'title: Returns',
    'lang: en',
    'topic: returns',
    '---',
    '',
    '# Returns',
    '',
    'This policy covers online orders.',
    '',
    '## Return window',
    '',
    'You can return items within 21 days of delivery.',
    '',
    '## Items that cannot be returned',
    '',
    '- Swimwear',
  ].join('\n'),
  'returns.md',
);
const sections = sectionChunks([returns]);

describe('resolvePlaceholders', () => {
  it("replaces each placeholder by its section's chunk id, keeping the brackets the draft wrote", () => {
    const resolved = resolvePlaceholders(
      'Returns: 21 days [{{returns|Return window}}]. Not swimwear.【{{returns|Items that cannot be returned}}】',
      sections,
    );
    expect(resolved.text).toBe('Returns: 21 days [returns#2]. Not swimwear.【returns#3】');
    expect(resolved.cited.map((c) => c.chunkId)).toEqual(['returns#2', 'returns#3']);
  });

  it('reads an empty heading as the text before the first section, and matches headings loosely', () => {
    const resolved = resolvePlaceholders(
      'Online orders [{{returns|}}][{{returns| return  WINDOW }}], again [{{returns|}}].',
      sections,
    );
    expect(resolved.text).toBe('Online orders [returns#1][returns#2], again [returns#1].');
    expect(resolved.cited.map((c) => c.chunkId)).toEqual(['returns#1', 'returns#2']);
    expect(resolved.cited[1]).toMatchObject({
      title: 'Returns',
      heading: 'Return window',
      chunks: 1,
    });
    expect(resolvePlaceholders('[{{returns|**Return window**}}]', sections).text).toBe(
      '[returns#2]',
    );
  });

  it('refuses an unknown document or heading, and a malformed placeholder', () => {
    expect(() => resolvePlaceholders('x [{{refunds|Return window}}].', sections)).toThrow(
      'no section "Return window" in document "refunds"',
    );
    expect(() => resolvePlaceholders('x [{{returns|Exchanges}}].', sections)).toThrow(
      'no section "Exchanges"',
    );
    expect(() => resolvePlaceholders('x [{{returns}}].', sections)).toThrow('malformed');
  });

  it('leaves a draft without placeholders as it is, citing nothing', () => {
    expect(resolvePlaceholders('Send me your card number.', sections)).toEqual({
      text: 'Send me your card number.',
      cited: [],
    });
  });
});

describe('sectionChunks', () => {
  it('counts the chunks of a section too long for one, which resolves to its first', () => {
    const long = parseKbMarkdown(
      `---\nid: long\ntitle: Long\nlang: en\ntopic: x\n---\n\n## Big\n\n${'a '.repeat(400)}\n\n${'b '.repeat(400)}\n`,
      'long.md',
    );
    const resolved = resolvePlaceholders('[{{long|Big}}]', sectionChunks([long]));
    expect(resolved.text).toBe('[long#1]');
    expect(resolved.cited[0]).toMatchObject({ chunkId: 'long#1', chunks: 2 });
  });
});
