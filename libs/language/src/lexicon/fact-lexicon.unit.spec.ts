import { describe, expect, it } from '@jest/globals';
import { FACT_LEXICON, FactLexicon } from './fact-lexicon.js';
import { conceptsOf, withoutConcepts } from './text-concepts.js';

const facts = (text: string) => [...conceptsOf(text).facts.keys()].sort();

describe('the fact concepts of a text', () => {
  it('reads the same facts in English, MSA and Gulf Arabic', () => {
    expect(facts('Refunds go to store credit, not to the card')).toEqual(
      facts('يرجع المبلغ رصيد في المتجر وليس إلى البطاقة الائتمانية'),
    );
    expect(facts('Cash on delivery is available only in Riyadh')).toEqual([
      'payment.cod',
      'place.riyadh',
      'scope.only',
    ]);
    expect(facts('الدفع عند الاستلام متاح في الرياض فقط')).toEqual([
      'payment.cod',
      'place.riyadh',
      'scope.only',
    ]);
  });

  it('reads scope words and conditions, longest phrase first', () => {
    expect(facts('You can return it at any time')).toEqual(['scope.any_time']);
    expect(facts('في أي وقت')).toEqual(['scope.any_time']);
    expect(facts('Fragrances can be returned if unopened')).toEqual(['condition.unopened']);
    expect(facts('العطور غير المفتوحة')).toEqual(['condition.unopened']);
    expect(facts('for orders over 200 SAR')).toEqual(['condition.over']);
    expect(facts('للطلبات التي تزيد قيمتها على 25 ديناراً')).toEqual(['condition.over']);
  });

  it('reads a place under a clitic and a dialect relative pronoun', () => {
    expect(facts('فروعنا في الرياض وجدة')).toEqual(['place.jeddah', 'place.riyadh']);
    expect(facts('الفروع اللي في الرياض والدمام')).toEqual(['place.dammam', 'place.riyadh']);
  });

  it('reads a currency named by its country as no place', () => {
    expect(facts('5 دنانير كويتية')).toEqual(['currency.named']);
    expect(facts('1.5 Kuwaiti dinars in Kuwait')).toEqual(['currency.named', 'place.kuwait']);
  });

  it('gives a broader concept to a brand ("Visa" is a card)', () => {
    const visa = conceptsOf('Visa').facts.get('payment.visa');
    expect(visa?.broader).toEqual(['payment.card']);
  });

  it('leaves the words of the given kinds out, so a condition is no negation', () => {
    expect(withoutConcepts('يجب أن تكون غير مفتوحة', new Set(['condition']))).toBe('يجب ان تكون');
    expect(withoutConcepts("We don't refund it", new Set(['condition']))).toBe(
      "we don't refund it",
    );
  });
});

describe('FactLexicon', () => {
  it('refuses a pack in which two concepts share a term', () => {
    expect(() =>
      FactLexicon.fromGroups([
        { why: 'a', kind: 'scope', checks: ['stated'], concepts: { 'a.one': { en: ['only'] } } },
        { why: 'b', kind: 'scope', checks: ['stated'], concepts: { 'a.two': { en: ['only'] } } },
      ]),
    ).toThrow(/"only" is both a.one and a.two/);
  });

  it('takes a glossary: its names become facts in both languages', () => {
    const lexicon = FACT_LEXICON.withGlossary([{ en: ['Sanaa Credit'], ar: ['رصيد سناء'] }]);
    // The shop's own name of a thing wins over the general word inside it ("credit").
    expect([...conceptsOf('Refunds go to Sanaa Credit', lexicon).facts.keys()]).toEqual([
      'name.sanaa_credit',
    ]);
    expect([...conceptsOf('يضاف المبلغ إلى رصيد سناء', lexicon).facts.keys()]).toEqual([
      'name.sanaa_credit',
    ]);
    const district = FACT_LEXICON.withGlossary([{ en: ['Al Olaya'], ar: ['العليا'] }]);
    expect([...conceptsOf('our store in Al Olaya', district).facts.keys()]).toEqual([
      'name.al_olaya',
    ]);
    expect([...conceptsOf('فرعنا في العليا', district).facts.keys()]).toEqual(['name.al_olaya']);
  });
});
