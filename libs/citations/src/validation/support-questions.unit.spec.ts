import { describe, expect, it } from '@jest/globals';
import { judgedSupport, supportQuestions } from './support-questions.js';
import { checkReply, validateReply } from './validate-reply.js';
import type { PromptChunk, ValidationVerdict } from './verdict.js';

// A support judge may vouch for what the word share cannot read (a faithful paraphrase); it never
// vouches for a quantity, a polarity, a name or a condition: those checks run on a judged sentence.

const RETURNS: PromptChunk = {
  chunkId: 'retail-returns#2',
  text:
    'You can return items within 21 days of the delivery date. Shoes must come back in their ' +
    'original box.',
};
const EXCHANGES: PromptChunk = {
  chunkId: 'exchanges#2',
  text: 'Exchanges in person are done at our Seef Mall branch only. Bring the receipt.',
};
const CHUNKS = [RETURNS, EXCHANGES];
const PARAPHRASE =
  'You have three weeks after your parcel arrives to send things back [retail-returns#2].';

/** The reply's verdict when a judge vouched for every one of its sentences. */
function judgedVerdict(reply: string): ValidationVerdict {
  const all = new Set(validateReply(reply, CHUNKS).sentences.map((s) => s.text));
  return validateReply(reply, CHUNKS, { judgedSupport: all });
}

describe('the reply check with a support judge', () => {
  it('passes a faithful paraphrase the word share fails, once a judge vouched for it', () => {
    const first = validateReply(PARAPHRASE, CHUNKS);
    expect(first.passed).toBe(false);
    expect(first.sentences[0]!.problem).toBe('unsupported_words: parcel, send, things');
    expect(judgedVerdict(PARAPHRASE)).toEqual({
      passed: true,
      sentences: [{ text: PARAPHRASE, factual: true, citations: ['retail-returns#2'], ok: true }],
    });
  });

  it('vouches for the sentence named, not for another one the word share fails', () => {
    const reply = `${PARAPHRASE} Footwear travels back in a carton [retail-returns#2].`;
    const first = validateReply(reply, CHUNKS);
    const verdict = validateReply(reply, CHUNKS, {
      judgedSupport: new Set([first.sentences[0]!.text]),
    });
    expect(verdict.sentences.map((s) => s.ok)).toEqual([true, false]);
  });

  it.each([
    [
      'a changed quantity',
      'You have 30 days after your parcel arrives to send things back [retail-returns#2].',
      /^unsupported_quantity: 30/,
    ],
    [
      'a flipped negation',
      'Footwear does not need its original packaging when you send it back [retail-returns#2].',
      /^negation_mismatch/,
    ],
    ['a missing name', 'Swapping in person happens at our Riffa shop [exchanges#2].', /Riffa/],
    [
      'a dropped condition',
      'You may swap things face to face at the Seef Mall store [exchanges#2].',
      /^dropped_condition: scope\.only/,
    ],
    [
      'a condition dropped from a list of them',
      'Footwear travels back in the carton it came in [retail-returns#2].',
      /^dropped_condition/,
    ],
  ])('still fails a judged sentence with %s', (_, reply, problem) => {
    const verdict = judgedVerdict(reply);
    expect(verdict.passed).toBe(false);
    expect(verdict.sentences[0]!.problem).toMatch(problem);
  });

  it('does not vouch for a sentence of stop words alone', () => {
    expect(judgedVerdict('You can do that [retail-returns#2].').sentences[0]!.problem).toBe(
      'unsupported_words',
    );
  });
});

describe('supportQuestions', () => {
  it('asks about a failing sentence with the chunks it is checked against and its own words', () => {
    const checked = checkReply(PARAPHRASE, CHUNKS);
    expect(supportQuestions(checked)).toEqual([
      {
        index: 0,
        sentence: checked.verdict.sentences[0]!.text,
        premise: RETURNS.text,
        hypothesis: 'You have three weeks after your parcel arrives to send things back.',
      },
    ]);
  });

  it("asks about an uncited sentence against its paragraph's citations", () => {
    const reply =
      'Three weeks after your parcel arrives you can send things back. Swapping in person happens ' +
      'at our Seef Mall branch only [exchanges#2] [retail-returns#2].';
    const [question, ...more] = supportQuestions(checkReply(reply, CHUNKS));
    expect(more).toEqual([]);
    expect(question).toMatchObject({
      index: 0,
      premise: `${EXCHANGES.text}\n\n${RETURNS.text}`,
      hypothesis: 'Three weeks after your parcel arrives you can send things back.',
    });
  });

  it.each([
    [
      'a quantity',
      'You have 30 days after your parcel arrives to send things back [retail-returns#2].',
    ],
    ['a missing name', 'Swapping in person happens at our Riffa shop [exchanges#2].'],
    [
      'a dropped condition',
      'You may swap things face to face at the Seef Mall store [exchanges#2].',
    ],
    ['no citation', 'You have three weeks after your parcel arrives to send things back.'],
  ])('asks nothing about a sentence failing on %s: no judge could pass it', (_, reply) => {
    const checked = checkReply(reply, CHUNKS);
    expect(checked.verdict.passed).toBe(false);
    expect(supportQuestions(checked)).toEqual([]);
  });

  it('asks nothing when another sentence fails on a check no judge decides', () => {
    const reply = `${PARAPHRASE} Returns take 30 days [retail-returns#2].`;
    const checked = checkReply(reply, CHUNKS);
    expect(checked.questions).toHaveLength(1);
    expect(supportQuestions(checked)).toEqual([]);
  });

  it('asks nothing when a later check failed an ok sentence (the reply language)', () => {
    const reply = `${PARAPHRASE} Shoes must come back in their original box [retail-returns#2].`;
    const checked = checkReply(reply, CHUNKS);
    expect(supportQuestions(checked)).toHaveLength(1);
    const [first, second] = checked.verdict.sentences;
    const withLanguage = {
      passed: false,
      sentences: [first!, { ...second!, ok: false, problem: 'wrong_language: ar' }],
    };
    expect(supportQuestions(checked, withLanguage)).toEqual([]);
  });

  it('asks nothing about a reply that passed', () => {
    expect(supportQuestions(checkReply('Bring the receipt [exchanges#2].', CHUNKS))).toEqual([]);
  });

  it('every reply whose questions a judge vouched for passes', () => {
    const reply = `${PARAPHRASE} Please keep the shoebox, since footwear is only accepted in it [retail-returns#2].`;
    const checked = checkReply(reply, CHUNKS);
    const questions = supportQuestions(checked);
    expect(questions).toHaveLength(2);
    const judged = judgedSupport(questions, [0.95, 0.99], 0.9);
    expect(validateReply(reply, CHUNKS, { judgedSupport: judged }).passed).toBe(true);
  });
});

describe('judgedSupport', () => {
  const question = (index: number, sentence: string) => ({
    index,
    sentence,
    premise: 'p',
    hypothesis: sentence,
  });

  it('keeps the sentences whose entailment reaches the minimum', () => {
    const questions = [question(0, 'a'), question(1, 'b'), question(2, 'c')];
    expect(judgedSupport(questions, [0.9, 0.89, 1], 0.9)).toEqual(new Set(['a', 'c']));
  });

  it('vouches for a sentence written twice only when every one of its questions is entailed', () => {
    const questions = [question(0, 'a'), question(3, 'a')];
    expect(judgedSupport(questions, [0.99, 0.2], 0.9)).toEqual(new Set());
    expect(judgedSupport(questions, [0.99, 0.95], 0.9)).toEqual(new Set(['a']));
  });
});
