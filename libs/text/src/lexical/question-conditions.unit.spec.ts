import { describe, expect, it } from '@jest/globals';
import { conditionOnlyTerms, questionConditions } from './question-conditions.js';

describe('conditionOnlyTerms', () => {
  it('finds what a trailing condition names and the question does not', () => {
    expect(
      conditionOnlyTerms(
        'Can I send back a pair of earrings if I do not like them once they arrive?',
      ),
    ).toEqual(new Set(['~deliver']));
    expect(conditionOnlyTerms('Can I pay when the courier comes?')).toEqual(new Set(['~deliver']));
  });

  it('finds a leading condition only when a comma closes it', () => {
    expect(conditionOnlyTerms('If I paid by card, how long does the refund take?')).toEqual(
      new Set(['~pay', '~card']),
    );
    expect(conditionOnlyTerms('لو رجعت الفستان، كيف أسترد المبلغ؟')).toEqual(
      new Set(['~return', '~item']),
    );
    // Without the comma, where the condition ends is a guess.
    expect(conditionOnlyTerms('If I order this morning can it arrive today?').size).toBe(0);
  });

  it('reads "when" that opens the question as the question', () => {
    expect(conditionOnlyTerms('When will my refund arrive?').size).toBe(0);
  });

  it('keeps a term the question also asks about', () => {
    expect(conditionOnlyTerms('Can I return it if the return window is over?').has('~return')).toBe(
      false,
    );
  });

  it("reads a rule's conditions from the words that open nothing else", () => {
    const rule = 'Delivery fees are not refunded unless the order was cancelled in full.';
    expect(conditionOnlyTerms(rule, { explicitOnly: true }).has('~cancel')).toBe(true);
    // "before 2 PM" in a rule says when its outcome holds; it is no condition of the reader's.
    const cutOff = 'Orders placed before 2 PM leave the warehouse the same day.';
    expect(questionConditions(cutOff, { explicitOnly: true }).conditions).toEqual([]);
    expect(questionConditions(cutOff).conditions).not.toEqual([]);
  });
});
