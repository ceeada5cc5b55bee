import { describe, expect, it } from '@jest/globals';
import { BYTEA_ARRAY_OID, parseByteaArray, pgTypeParser } from './bytea-array-parser.js';

const pgParser = pgTypeParser(BYTEA_ARRAY_OID, 'text');
const hex = (bytes: number[]) => `"\\\\x${Buffer.from(bytes).toString('hex')}"`;

describe('parseByteaArray', () => {
  const cases: Record<string, string> = {
    empty: '{}',
    'one dimension': `{${hex([1, 2, 255])},${hex([])},NULL}`,
    'rows of a checkpoint': `{{${hex([0x6d])},${hex([0x6a, 0x73])},${hex([123, 34, 125])}},{${hex([0])},${hex([1])},NULL}}`,
    'three dimensions': `{{{${hex([9])}}},{{NULL}}}`,
    'escape output (fallback)': '{"abc","\\\\001x"}',
    'dimension decoration (fallback)': `[0:1]={${hex([1])},${hex([2])}}`,
  };
  for (const [name, text] of Object.entries(cases))
    it(`reads ${name} as pg's parser does`, () => {
      expect(parseByteaArray(text)).toEqual(pgParser(text));
    });

  it('reads a large blob whole', () => {
    const blob = Buffer.alloc(200_000, 0xab);
    const [[, , parsed]] = parseByteaArray(
      `{{${hex([1])},${hex([2])},"\\\\x${blob.toString('hex')}"}}`,
    ) as Buffer[][];
    expect(parsed!.equals(blob)).toBe(true);
  });

  it('leaves malformed text to pg, which refuses it', () => {
    expect(() => parseByteaArray(`{${hex([1])}`)).toThrow();
  });
});
