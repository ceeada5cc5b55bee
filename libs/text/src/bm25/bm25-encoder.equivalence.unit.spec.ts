import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isDeepStrictEqual } from 'node:util';
import { describe, expect, it } from '@jest/globals';
import { murmur3Bytes } from '../hash/murmur3.js';
import { ARABIC_MATCH_STOP_WORDS, arabicMatchTerms } from '../lexical/match-analysers.js';
import { foldTaMarbuta } from '../normalize/normalize-arabic.js';
import { normalizeText } from '../normalize/normalize-text.js';
import { arabicLightStem } from '../stem/arabic-light-stem.js';
import { snowballStemmer, type Stemmer } from '../stem/stemmer.js';
import { ARABIC_STOP_WORDS } from '../stop-words/arabic-stop-words.js';
import { ENGLISH_STOP_WORDS } from '../stop-words/english-stop-words.js';
import { Bm25Encoder, type Bm25Options } from './bm25-encoder.js';
import { arabicBm25, englishBm25 } from './language-encoders.js';
import type { SparseVector } from './sparse-vector.js';

/**
 * The encoder as it was before it memoised tokens (issue 15), kept verbatim as the oracle: the
 * stored `sparse_en` / `sparse_ar` vectors were written by it, so the fast path must give the same
 * token ids and the same floats, bit for bit.
 */
class ReferenceBm25 {
  private readonly stopWords: ReadonlySet<string>;
  private readonly normalize: (text: string) => string;
  private static readonly SEPARATORS = /[^\p{L}\p{N}\p{M}_]+/u;
  private static readonly SINGLE_PUNCTUATION = /^\p{P}$/u;
  private static readonly utf8 = new TextEncoder();

  constructor(private readonly options: Bm25Options) {
    this.normalize = options.normalize ?? ((text) => text);
    this.stopWords = new Set(
      [...options.stopWords].map((word) => this.normalize(word).toLowerCase()),
    );
  }

  private static tokenId(token: string): number {
    return Math.abs(murmur3Bytes(ReferenceBm25.utf8.encode(token)) | 0);
  }

  terms(text: string): string[] {
    const stems: string[] = [];
    const tokens = this.normalize(text)
      .split(ReferenceBm25.SEPARATORS)
      .filter((token) => token.length > 0)
      .map((token) => token.toLowerCase());
    for (const token of tokens) {
      if (ReferenceBm25.SINGLE_PUNCTUATION.test(token)) continue;
      if (this.stopWords.has(token)) continue;
      if ([...token].length > 40) continue;
      const stem = this.options.stemmer.stem(token);
      if (stem.length > 0) stems.push(stem);
    }
    return stems;
  }

  encodeDocument(text: string): SparseVector {
    const [k, b, avgLen] = [1.2, 0.75, 256];
    const stems = this.terms(text);
    const counts = new Map<string, number>();
    for (const stem of stems) counts.set(stem, (counts.get(stem) ?? 0) + 1);
    const lengthNorm = k * (1 - b + (b * stems.length) / avgLen);
    const weights = new Map<number, number>();
    for (const [stem, tf] of counts) {
      const id = ReferenceBm25.tokenId(stem);
      const weight = (tf * (k + 1)) / (tf + lengthNorm);
      weights.set(id, (weights.get(id) ?? 0) + weight);
    }
    return ReferenceBm25.sorted(weights);
  }

  encodeQuery(text: string): SparseVector {
    const weights = new Map<number, number>();
    for (const stem of this.terms(text)) weights.set(ReferenceBm25.tokenId(stem), 1);
    return ReferenceBm25.sorted(weights);
  }

  private static sorted(weights: Map<number, number>): SparseVector {
    const indices = [...weights.keys()].sort((a, b) => a - b);
    return { indices, values: indices.map((index) => weights.get(index) as number) };
  }
}

const arabicSnowball: Stemmer = {
  stem: (word) => foldTaMarbuta(snowballStemmer('arabic').stem(word)),
};
const REFERENCE = {
  en: new ReferenceBm25({ stemmer: snowballStemmer('english'), stopWords: ENGLISH_STOP_WORDS }),
  ar: new ReferenceBm25({
    stemmer: arabicSnowball,
    stopWords: ARABIC_STOP_WORDS.flatMap((word) => [word, foldTaMarbuta(word)]),
    normalize: (text) => normalizeText(text, { keepTaMarbuta: true }),
  }),
  // Matching keeps the stop words a shop means ("رجع", returning): the match analyser's own list.
  arMatch: new ReferenceBm25({
    stemmer: { stem: arabicLightStem },
    stopWords: ARABIC_MATCH_STOP_WORDS,
    normalize: (text) => normalizeText(text),
  }),
};

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));

/** Every knowledge-base document of the repository, whole and paragraph by paragraph. */
function repositoryDocuments(): string[] {
  const dirs = ['kb', ...readdirSync(join(ROOT, 'eval')).map((d) => join('eval', d, 'kb'))];
  const texts: string[] = [];
  for (const dir of dirs) {
    let files: string[];
    try {
      files = readdirSync(join(ROOT, dir)).filter((f) => f.endsWith('.md'));
    } catch {
      continue; // an eval folder without a kb
    }
    for (const file of files) {
      const body = readFileSync(join(ROOT, dir, file), 'utf8');
      texts.push(body, ...body.split(/\n\s*\n/));
    }
  }
  return texts;
}

// Pieces chosen for the edges of the analysis: case folding (final sigma, dotted I), stop words
// in both scripts, Arabic diacritics, tatweel, hamza and alef forms, ة/ه, Arabic-Indic and Persian
// digits, presentation forms and ligatures (NFKC), full-width letters, combining marks, lone
// punctuation and underscores, tokens of exactly 40 and 41 code points (astral ones too), ids
// that collide (kitchens / prostaglandins), emoji, zero-width characters and lone surrogates.
const PIECES = [
  'Return',
  'RETURNS',
  'returned',
  'dresses',
  'the',
  'The',
  'of',
  'and',
  'is',
  'kitchens',
  'prostaglandins',
  'ad1u66pi',
  'ΣΟΦΟΣ',
  "ΣΟΦΟΣ'S",
  'İstanbul',
  'café',
  'cafe\u0301',
  'ﬁnal',
  'Ｒｅｔｕｒｎ',
  '3.5kg',
  '14',
  '١٤',
  '۱۲۳',
  'size_M',
  '_',
  '__',
  '-',
  '—',
  '!!!',
  '?',
  '،',
  '؛',
  '؟',
  '(',
  ')',
  '#',
  '**',
  'x'.repeat(40),
  'x'.repeat(41),
  'ب'.repeat(40),
  'ب'.repeat(41),
  '😀'.repeat(40),
  '😀',
  '\u200b',
  '\u200f',
  '\uD800',
  '\uDC00x',
  'ذَهَبَ',
  'الطَّالِبُ',
  'المدرسة',
  'مدرسة',
  'مدرسه',
  'المدرسه',
  'الطـــلب',
  'أحمد',
  'إرجاع',
  'آخر',
  'ٱلكتاب',
  'مسؤول',
  'شيء',
  'مستشفى',
  'في',
  'فِي',
  'من',
  'إلى',
  'على',
  'هذا',
  'ثمة',
  'ثمه',
  'ﻻ',
  'ﷲ',
  'فستان',
  'الفساتين',
  'والاسترجاع',
  'بالبطاقة',
  'Zara',
  'தமிழ்',
  'हिन्दी',
  'Ünïcödé',
  '\t',
  '\n',
  '\n\n',
  ' ',
];

/** A deterministic generator, so a failure names a text that can be replayed. */
function generator(seed: number) {
  let state = seed >>> 0;
  return (n: number) => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state % n;
  };
}

function randomTexts(count: number, seed: number): string[] {
  const next = generator(seed);
  const separators = [' ', ' ', ' ', '', '\n', ', ', '. ', '-', '/', '،'];
  return Array.from({ length: count }, () => {
    const parts: string[] = [];
    for (let i = next(60); i > 0; i--)
      parts.push(PIECES[next(PIECES.length)]!, separators[next(separators.length)]!);
    return parts.join('');
  });
}

const CORPUS = [...repositoryDocuments(), ...randomTexts(3000, 15), '', ' ', '_', '؟!'];

type Encoders = { en: Bm25Encoder; ar: Bm25Encoder; arMatch: Bm25Encoder };

/**
 * Every answer of the encoders that differs from the reference's, with the text and both answers.
 * Compared with `isDeepStrictEqual` (floats by `Object.is`, bit for bit) and checked with one
 * `expect` per call: an `expect` per text was two thirds of this suite's time.
 */
function differencesFromReference(encoders: Encoders, texts: readonly string[]): unknown[] {
  const differences: unknown[] = [];
  const compare = (what: string, text: string, fast: unknown, reference: unknown) => {
    if (!isDeepStrictEqual(fast, reference)) differences.push({ what, text, fast, reference });
  };
  for (const text of texts) {
    for (const lang of ['en', 'ar'] as const) {
      const [fast, reference] = [encoders[lang], REFERENCE[lang]];
      compare(`${lang} document`, text, fast.encodeDocument(text), reference.encodeDocument(text));
      compare(`${lang} query`, text, fast.encodeQuery(text), reference.encodeQuery(text));
    }
    compare('arMatch terms', text, encoders.arMatch.terms(text), REFERENCE.arMatch.terms(text));
    compare('en terms', text, encoders.en.terms(text), REFERENCE.en.terms(text));
  }
  return differences;
}

describe('Bm25Encoder against the reference implementation', () => {
  it(`gives the same ids and weights on ${CORPUS.length} texts (knowledge bases, mixes)`, () => {
    expect(CORPUS.length).toBeGreaterThan(3100);
    const encoders = { en: englishBm25(), ar: arabicBm25(), arMatch: arabicMatchTerms };
    expect(differencesFromReference(encoders, CORPUS)).toEqual([]);
    // Again, with every token now memoised.
    expect(differencesFromReference(encoders, CORPUS)).toEqual([]);
  });

  it('gives the same vectors while its memo is cleared again and again', () => {
    const tiny = { tokenCacheSize: 8 };
    const encoders = {
      en: englishBm25(tiny),
      ar: arabicBm25(tiny),
      arMatch: new Bm25Encoder({
        stemmer: { stem: arabicLightStem },
        stopWords: ARABIC_STOP_WORDS,
        normalize: (text) => normalizeText(text),
        ...tiny,
      }),
    };
    expect(differencesFromReference(encoders, CORPUS.slice(-600))).toEqual([]);
  });

  it('adds the weights of stems whose ids collide, as the reference does', () => {
    // The Arabic stemmer leaves Latin words as they are, so "kitchens" and "prostaglandins" are
    // two stems with one id there (English stems them apart), in several orders and counts.
    const texts = [
      'kitchens prostaglandins kitchens kitchens prostaglandins dress',
      'prostaglandins kitchens ad1u66pi kitchens',
      'ad1u66pi prostaglandins prostaglandins kitchens kitchens kitchens',
    ];
    expect(
      differencesFromReference(
        { en: englishBm25(), ar: arabicBm25(), arMatch: arabicMatchTerms },
        texts,
      ),
    ).toEqual([]);
  });
});
