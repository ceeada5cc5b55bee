import { describe, expect, it } from '@jest/globals';
import type { GlossaryPair } from '@support/language';
import { GLOSSARY_TTL_MS, GlossarySource } from './glossary-source.js';

const SEEF = { en: ['Seef Mall'], ar: ['مجمع السيف'] };
const RIFFA = { en: ['Riffa'], ar: ['الرفاع'] };

function source(stored: Record<string, GlossaryPair[]>) {
  let clock = 0;
  const reads: string[] = [];
  const glossaries = new GlossarySource(
    async (namespace) => {
      reads.push(namespace);
      return structuredClone(stored[namespace] ?? []);
    },
    'support_docs',
    () => clock,
  );
  return { glossaries, reads, advance: (ms: number) => (clock += ms) };
}

describe('GlossarySource', () => {
  it('reads a namespace once per period, and keeps an unchanged glossary as the same object', async () => {
    const { glossaries, reads, advance } = source({ shop_a: [SEEF] });
    const first = await glossaries.pairs('shop_a');
    expect(first).toEqual([SEEF]);
    expect(await glossaries.pairs('shop_a')).toBe(first);
    expect(reads).toEqual(['shop_a']);
    advance(GLOSSARY_TTL_MS);
    expect(await glossaries.pairs('shop_a')).toBe(first);
    expect(reads).toEqual(['shop_a', 'shop_a']);
  });

  it('picks up a changed glossary after the period', async () => {
    const stored = { shop_a: [SEEF] };
    const { glossaries, advance } = source(stored);
    await glossaries.pairs('shop_a');
    stored.shop_a = [SEEF, RIFFA];
    expect(await glossaries.pairs('shop_a')).toEqual([SEEF]);
    advance(GLOSSARY_TTL_MS);
    expect(await glossaries.pairs('shop_a')).toEqual([SEEF, RIFFA]);
  });

  it('gives the default namespace the glossary published without one when it has none', async () => {
    expect(await source({ '': [RIFFA] }).glossaries.pairs(undefined)).toEqual([RIFFA]);
    expect(await source({ '': [RIFFA], support_docs: [SEEF] }).glossaries.pairs(undefined)).toEqual(
      [SEEF],
    );
    // An evaluation namespace is its own: no fallback.
    expect(await source({ '': [RIFFA] }).glossaries.pairs('eval_x')).toEqual([]);
  });
});
