import {
  alternatives,
  alternativesOf,
  pairKeys,
  pairWords,
  wordList,
  words,
  wordSet,
} from './word-lists.js';

describe('word lists of the language packs', () => {
  it('joins the lists of one name across packs, English first, each entry with its reason', () => {
    const list = wordList('quantity.duration_units');
    expect(list.why).toHaveLength(2);
    expect(list.pairs.day).toEqual(['day', 'days', 'يوم', 'ايام', 'يوما']);
  });

  it('folds Arabic as a message is folded and keeps the words as written', () => {
    const list = wordList('question.openers');
    expect(list.words).toContain('متي');
    expect(list.words).toContain('اين');
    expect(list.written).toContain('متى');
    expect(wordSet('reply.yes').has('اكيد')).toBe(true);
    expect(wordList('answer.threshold_words').words).toContain('اكثر من');
  });

  it('reads the words of one script', () => {
    expect(words('human.people', 'arabic')).toContain('موظف');
    expect(words('human.people', 'arabic')).not.toContain('agent');
    expect(words('human.people', 'latin')).toContain('customer service');
  });

  it('writes a list as escaped alternatives, longest first where the match is read', () => {
    expect(alternatives('order.number_words', { script: 'latin', longestFirst: true })).toBe(
      'number|no\\.|num|no|\\#',
    );
    expect(new RegExp(`^(?:${alternativesOf(['$', 'r.s'])})$`).test('r.s')).toBe(true);
    expect(new RegExp(`^(?:${alternativesOf(['$', 'r.s'])})$`).test('rxs')).toBe(false);
  });

  it('keys the trade currencies by ISO code, a shared name by every code it may be', () => {
    const keys = pairKeys('currency.names');
    expect(keys.get('dirham')).toBe('AED');
    expect(keys.get('ريال')).toBe('SAR QAR OMR');
    expect(pairKeys('currency.name_forms').get('ريالا')).toBe('SAR QAR OMR');
    expect(pairWords('currency.codes')).toEqual(
      expect.arrayContaining(['sar', 'aed', 'kwd', 'qar', 'bhd', 'omr']),
    );
  });

  it('holds relations between concepts of the trade', () => {
    expect(wordList('trade.leads_to').pairs['~return']).toEqual(['~refund', '~exchange']);
  });

  it('refuses a name no pack holds', () => {
    expect(() => wordList('no.such.list')).toThrow('no list "no.such.list"');
  });
});
