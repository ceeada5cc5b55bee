import { describe, expect, it } from '@jest/globals';
import { paragraphCitations, sentenceLines } from './paragraph-citations.js';
import { splitSentences } from './split-sentences.js';

const read = (text: string, stating = (_: string) => true) => {
  const sentences = splitSentences(text);
  const citations = sentences.map((s) => [...s.matchAll(/\[([a-z-]+#\d+)\]/g)].map((m) => m[1]!));
  return paragraphCitations(
    sentences.map((s, i) => ({ text: s, citations: citations[i]!, states: stating(s) })),
    sentenceLines(text, sentences.length),
  );
};

describe('paragraphCitations', () => {
  it('gives an uncited sentence the citation that closes its line', () => {
    expect(read('Returns are accepted. Keep the tags on [returns#1].')).toEqual([
      ['returns#1'],
      ['returns#1'],
    ]);
  });

  it('takes the previous cited sentence of the line when none follows', () => {
    expect(read('Refunds go to the card [refunds#2]. It takes a while.')).toEqual([
      ['refunds#2'],
      ['refunds#2'],
    ]);
  });

  it('takes the nearest citation of another line when its own line has none, never for a line that states nothing', () => {
    expect(read('Returns are accepted.\nKeep the tags on [returns#1].')).toEqual([
      ['returns#1'],
      ['returns#1'],
    ]);
    expect(read('Keep the tags on [returns#1].\n\nReturns are accepted.')).toEqual([
      ['returns#1'],
      ['returns#1'],
    ]);
    expect(read('Hi! Keep the tags on [returns#1].', (s) => !s.startsWith('Hi'))).toEqual([
      [],
      ['returns#1'],
    ]);
  });

  it('checks a lead-in line against every cited line it introduces', () => {
    expect(
      read('Here are the methods we accept:\n- Visa [pay#1].\n- Apple Pay [pay#2].\nThanks.'),
    ).toEqual([['pay#1', 'pay#2'], ['pay#1'], ['pay#2'], ['pay#2']]);
    // A list cited once, after it: each line is checked against that citation.
    expect(read('We accept:\n- Visa\n- Apple Pay\n\nAll cards are checked [pay#1].')).toEqual([
      ['pay#1'],
      ['pay#1'],
      ['pay#1'],
      ['pay#1'],
    ]);
  });

  it('keeps each sentence its own citations', () => {
    expect(read('Cards in 5 days [refunds#1]. Cash in 7 days [refunds#2].')).toEqual([
      ['refunds#1'],
      ['refunds#2'],
    ]);
  });
});
