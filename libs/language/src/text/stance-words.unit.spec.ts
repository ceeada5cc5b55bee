import { stanceWordsOf } from './stance-words.js';

describe('stanceWordsOf', () => {
  it('finds stance words and whole stance phrases, in either language, with clitics', () => {
    expect([...stanceWordsOf("Unfortunately, I'm afraid the fee applies.")]).toEqual([
      'unfortunately',
      'im',
      'afraid',
    ]);
    expect([...stanceWordsOf('Good news: returns are accepted.')]).toEqual(['good', 'news']);
    expect([...stanceWordsOf('وللأسف الرسوم لا تسترد')]).toEqual(['وللاسف']);
  });

  it('leaves a word of a stance phrase alone when the phrase is not whole', () => {
    expect(stanceWordsOf('Items must be in good condition.').size).toBe(0);
    expect(stanceWordsOf('The news section').size).toBe(0);
  });

  it('never takes a negation, a quantifier or a condition for stance', () => {
    const words = stanceWordsOf('Sadly not all items, only if unworn, لا، فقط، بس، still');
    expect([...words]).toEqual(['sadly']);
  });
});
