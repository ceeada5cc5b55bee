import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from '@jest/globals';
import { murmur3Bytes } from '@support/text';
import { l2Normalize } from './embedder.js';
import { hashingVector, hashingVectorWith } from './hashing-embedder.js';
import { normalizeEmbeddingText, words } from './normalize-embedding-text.js';
import { WordFeatureMemo } from './word-features.js';

/**
 * The hashing embedder as it was before it memoised words (issue 15), kept verbatim as the
 * oracle: the index holds vectors it wrote, so the fast path must give the same floats.
 */
function referenceVector(text: string, dimensions: number): number[] {
  const utf8 = new TextEncoder();
  const features = new Map<string, { weight: number; count: number }>();
  const add = (key: string, weight: number) => {
    const existing = features.get(key);
    if (existing) existing.count += 1;
    else features.set(key, { weight, count: 1 });
  };
  const tokens = words(normalizeEmbeddingText(text));
  tokens.forEach((word, i) => {
    const chars = Array.from(`<${word}>`);
    const short = chars.length - 2 <= 2;
    add(`w\u0000${word}`, short ? 0.4 : 1);
    if (i > 0) add(`b\u0000${tokens[i - 1]} ${word}`, 0.6);
    if (short) return;
    for (let n = 3; n <= 5; n++)
      for (let start = 0; start + n <= chars.length; start++)
        add(`c\u0000${chars.slice(start, start + n).join('')}`, 0.4);
  });
  if (features.size === 0) features.set('e\u0000', { weight: 1, count: 1 });
  const vector = new Float64Array(dimensions);
  for (const [feature, { weight, count }] of features) {
    const hash = murmur3Bytes(utf8.encode(feature));
    const sign = hash & 0x80000000 ? -1 : 1;
    vector[hash % dimensions] += sign * weight * (1 + Math.log(count));
  }
  return l2Normalize(vector);
}

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));

function repositoryTexts(): string[] {
  const dirs = ['kb', ...readdirSync(join(ROOT, 'eval')).map((d) => join('eval', d, 'kb'))];
  return dirs.flatMap((dir) => {
    let files: string[];
    try {
      files = readdirSync(join(ROOT, dir)).filter((f) => f.endsWith('.md'));
    } catch {
      return []; // an eval folder without a kb
    }
    return files.flatMap((file) => {
      const body = readFileSync(join(ROOT, dir, file), 'utf8');
      return [body, ...body.split(/\n\s*\n/)];
    });
  });
}

// Short words (no n-grams), words of one to six code points, astral letters (code points, not
// code units, make the n-grams), combining marks, Arabic folding, repeats (log counts) and words
// shared across texts.
const PIECES = [
  'a',
  'is',
  'the',
  'dress',
  'dresses',
  'Return',
  'RETURNS',
  'sale',
  'في',
  'من',
  'فستان',
  'الفساتين',
  'مَدْرَسَة',
  'مدرسه',
  'إرجـــاع',
  'مستشفى',
  '١٢٣',
  '123',
  '𝒜𝒷𝒸',
  '😀x',
  '𐐷𐐷𐐷𐐷',
  'cafe\u0301',
  'ﬁne',
  'Ｒｅｔｕｒｎ',
  'size_M',
  '3.5kg',
  '—',
  '!',
  '',
  '\uD800',
];

function randomTexts(count: number, seed: number): string[] {
  let state = seed >>> 0;
  const next = (n: number) => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state % n;
  };
  return Array.from({ length: count }, () =>
    Array.from({ length: next(40) }, () => PIECES[next(PIECES.length)]).join(
      [' ', '  ', ', ', '\n'][next(4)],
    ),
  );
}

describe('hashingVector against the reference implementation', () => {
  const corpus = [...repositoryTexts(), ...randomTexts(1500, 15), '', ' ', '!!'];

  const differing = (texts: string[], embed: (text: string) => number[], dimensions: number) =>
    texts.filter((text) => {
      const [fast, reference] = [embed(text), referenceVector(text, dimensions)];
      return fast.length !== reference.length || fast.some((x, i) => !Object.is(x, reference[i]));
    });

  it('gives the same vectors, bit for bit', () => {
    expect(corpus.length).toBeGreaterThan(1600);
    // Twice: the second pass reads every word from the memo.
    const texts = [...corpus, ...corpus];
    expect(differing(texts, (text) => hashingVector(text), 1024)).toEqual([]);
  });

  it.each([64, 7])('gives the same %d-dimensional vectors', (dimensions) => {
    const texts = corpus.slice(-500);
    expect(differing(texts, (text) => hashingVector(text, dimensions), dimensions)).toEqual([]);
  });

  it('gives the same vectors while its memo is cleared again and again', () => {
    const memo = new WordFeatureMemo({ words: 8, grams: 40, bigrams: 16 });
    const texts = corpus.slice(-500);
    expect(differing(texts, (text) => hashingVectorWith(memo, text, 1024), 1024)).toEqual([]);
  });
});
