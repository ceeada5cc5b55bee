import { describe, expect, it } from '@jest/globals';
import type { Stemmer } from '../stem/stemmer.js';
import { BM25_DEFAULTS, Bm25Encoder } from './bm25-encoder.js';
import { tokenId } from './token-id.js';

const identity: Stemmer = { stem: (word) => word };

function encoder(stopWords: string[] = [], stemmer: Stemmer = identity): Bm25Encoder {
  return new Bm25Encoder({ stemmer, stopWords });
}

describe('Bm25Encoder', () => {
  it('uses fastembed defaults', () => {
    expect(BM25_DEFAULTS).toEqual({ k: 1.2, b: 0.75, avgLen: 256, tokenMaxLength: 40 });
  });

  it('weighs document terms by BM25 term frequency (worked by hand)', () => {
    // "a" is a stop word: kept tokens are red, red, red, dress, so len = 4.
    //   1 - b + b * len / avgLen = 1 - 0.75 + 0.75 * 4 / 256 = 0.25 + 0.01171875 = 0.26171875
    //   k * 0.26171875 = 1.2 * 0.26171875 = 0.3140625
    //   red   (tf 3): 3 * (1.2 + 1) / (3 + 0.3140625) = 6.6 / 3.3140625 = 1.991513437057991
    //   dress (tf 1): 1 * (1.2 + 1) / (1 + 0.3140625) = 2.2 / 1.3140625 = 1.674197384066587
    const vector = encoder(['a']).encodeDocument('Red, red, a RED dress');
    const weights = Object.fromEntries(vector.indices.map((id, i) => [id, vector.values[i]]));
    expect(Object.keys(weights)).toHaveLength(2);
    expect(weights[tokenId('red')]).toBeCloseTo(6.6 / 3.3140625, 12);
    expect(weights[tokenId('red')]).toBeCloseTo(1.991513437057991, 12);
    expect(weights[tokenId('dress')]).toBeCloseTo(2.2 / 1.3140625, 12);
    expect(weights[tokenId('dress')]).toBeCloseTo(1.674197384066587, 12);
  });

  it('takes k, b and avgLen', () => {
    // b = 0: no length normalisation, tf * (k + 1) / (tf + k) with k = 1: 2 * 2 / 3.
    const vector = new Bm25Encoder({ stemmer: identity, stopWords: [], k: 1, b: 0 }).encodeDocument(
      'cat cat dog',
    );
    expect(vector.values[vector.indices.indexOf(tokenId('cat'))]).toBeCloseTo(4 / 3, 12);
    expect(vector.values[vector.indices.indexOf(tokenId('dog'))]).toBeCloseTo(1, 12);
  });

  it('gives every distinct query term the weight 1', () => {
    const vector = encoder(['a']).encodeQuery('Red, red, a RED dress');
    expect(vector.indices).toEqual([tokenId('red'), tokenId('dress')].sort((x, y) => x - y));
    expect(vector.values).toEqual([1, 1]);
  });

  it('uses the same id for a term in a document and in a query', () => {
    const bm25 = encoder();
    const document = bm25.encodeDocument('where is my parcel');
    const query = bm25.encodeQuery('parcel');
    expect(query.indices).toEqual([tokenId('parcel')]);
    expect(document.indices).toContain(query.indices[0]);
  });

  it('returns indices ascending and unique', () => {
    const { indices } = encoder().encodeDocument('zeta alpha mu alpha omega beta zeta');
    expect(indices).toEqual([...new Set(indices)].sort((x, y) => x - y));
    expect(indices).toHaveLength(5);
  });

  it('removes stop words (case-insensitively) before counting the length', () => {
    const bm25 = encoder(['The', 'of']);
    expect(bm25.terms('The Price of THE dress')).toEqual(['price', 'dress']);
    // len = 2, not 5: weight = 2.2 / (1 + 1.2 * (0.25 + 0.75 * 2 / 256)).
    const vector = bm25.encodeDocument('The Price of THE dress');
    expect(vector.values[0]).toBeCloseTo(2.2 / (1 + 1.2 * (0.25 + (0.75 * 2) / 256)), 12);
  });

  it('stems, and drops tokens whose stem is empty', () => {
    const stemmer: Stemmer = { stem: (word) => (word === 'um' ? '' : word.replace(/s$/, '')) };
    expect(encoder([], stemmer).terms('um dresses um shoes')).toEqual(['dresse', 'shoe']);
  });

  it('drops tokens longer than 40 code points, and a lone underscore', () => {
    const long = 'x'.repeat(41);
    const arabic40 = 'ب'.repeat(40);
    expect(encoder().terms(`${long} ${'y'.repeat(40)} ${arabic40} _ __`)).toEqual([
      'y'.repeat(40),
      arabic40,
      '__',
    ]);
  });

  it('adds the weights of terms whose ids collide, in any order', () => {
    // tokenId("kitchens") === tokenId("prostaglandins") === 358434922; len = 3.
    const norm = 1.2 * (0.25 + (0.75 * 3) / 256);
    const expected = (2 * 2.2) / (2 + norm) + 2.2 / (1 + norm);
    const bm25 = encoder();
    for (const text of ['kitchens kitchens prostaglandins', 'prostaglandins kitchens kitchens']) {
      const vector = bm25.encodeDocument(text);
      expect(vector.indices).toEqual([358434922]);
      expect(vector.values[0]).toBeCloseTo(expected, 12);
    }
    expect(bm25.encodeQuery('kitchens prostaglandins')).toEqual({
      indices: [358434922],
      values: [1],
    });
  });

  it('encodes text without terms as an empty vector', () => {
    const bm25 = encoder(['the']);
    for (const text of ['', '!!!', 'the']) {
      expect(bm25.encodeDocument(text)).toEqual({ indices: [], values: [] });
      expect(bm25.encodeQuery(text)).toEqual({ indices: [], values: [] });
    }
  });
});
