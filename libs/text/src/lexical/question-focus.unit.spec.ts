import { describe, expect, it } from '@jest/globals';
import { lexicalScores } from './lexical-scores.js';
import { questionFocus } from './question-focus.js';

describe('questionFocus', () => {
  it('keeps the asking sentence apart from the story around it', () => {
    expect(questionFocus('whats your return window? my parcel came last tuesday')).toEqual({
      focus: 'whats your return window?',
      context: 'my parcel came last tuesday',
    });
    expect(questionFocus('دفعت بالبطاقة. متى يرجع المبلغ؟')).toEqual({
      focus: 'متى يرجع المبلغ؟',
      context: 'دفعت بالبطاقة.',
    });
  });

  it('is the whole message when nothing or everything asks', () => {
    const plain = 'I want to return a dress';
    expect(questionFocus(plain)).toEqual({ focus: plain, context: '' });
    const two = 'Do you ship to Oman? How long does it take?';
    expect(questionFocus(two)).toEqual({ focus: two, context: '' });
  });

  it('is the whole message when a short question points back at the story', () => {
    for (const message of [
      'I want to split 450 BD into payments with Tamara. Does that work?',
      'got my abaya 12 days ago, tags still on. can i still send it back?',
      'اشتريت عباية قبل اسبوعين ولبستها مرة. ينفع ارجعها؟',
    ])
      expect(questionFocus(message)).toEqual({ focus: message, context: '' });
  });

  it('is the whole message when the question names nothing of its own', () => {
    const message = 'One of the three items is missing from my parcel. What should I do?';
    expect(questionFocus(message)).toEqual({ focus: message, context: '' });
  });

  it('reads a last sentence that opens as a question as a question, mark or not', () => {
    expect(
      questionFocus('my order is 1600 SAR. can I pay the driver cash? is there some kind of limit'),
    ).toEqual({
      focus: 'can I pay the driver cash? is there some kind of limit',
      context: 'my order is 1600 SAR.',
    });
    // Only the last: a sentence in the middle without a mark is still the story.
    expect(questionFocus('how it went. I paid by card. when is my refund?').focus).toBe(
      'when is my refund?',
    );
  });

  it('lets the chunk gate judge the question, not the story', () => {
    const [score] = lexicalScores('Whats your return window? My parcel came last Tuesday.', [
      'You can return most items within 15 days of delivery.',
    ]);
    expect(score).toBe(1);
  });
});
