import { describe, expect, it } from '@jest/globals';
import { type TermPair, expandQuery, translateQuery } from './expand-query.js';

const GLOSSARY: TermPair[] = [
  { en: ['Bahrain'], ar: ['البحرين'] },
  { en: ['cash on delivery', 'COD'], ar: ['الدفع عند الاستلام'] },
  { en: ['mada'], ar: ['مدى'] },
];

const added = (expanded: string, query: string) => expanded.slice(query.length).trim().split(/\s+/);

describe('expandQuery', () => {
  it('keeps the query first and adds the synonyms of its shop concepts', () => {
    const query = 'Do you ship to Bahrain?';
    const own = expandQuery(query, GLOSSARY, { reach: 'own' });
    expect(own.startsWith(`${query}\n`)).toBe(true);
    expect(added(own, query)).toEqual(expect.arrayContaining(['delivery', 'shipping']));
    // Its own language only: no Arabic word, not even the glossary's.
    expect(own).not.toMatch(/[\u0600-\u06FF]/);
  });

  it('reaches the other language with the concepts and the glossary when asked', () => {
    const query = 'Do you ship to Bahrain?';
    const both = expandQuery(query, GLOSSARY, { reach: 'both' });
    expect(added(both, query)).toEqual(expect.arrayContaining(['توصيل', 'شحن', 'البحرين']));
    expect(both).not.toContain('مدى');
  });

  it('matches a multi-word glossary term, from Arabic to English', () => {
    const query = 'هل يمكن الدفع عند الاستلام؟';
    expect(expandQuery(query, GLOSSARY)).toContain('cash on delivery');
    expect(expandQuery(query, GLOSSARY)).toContain('COD');
  });

  it('adds the standard Arabic of dialect words in the query’s own language', () => {
    const query = 'وين طلبي؟';
    expect(expandQuery(query, [], { reach: 'own' })).toContain('أين');
  });

  it('leaves a query with nothing to add unchanged', () => {
    expect(expandQuery('hello there', GLOSSARY)).toBe('hello there');
  });
});

describe('translateQuery', () => {
  it('puts the glossary terms of the query into the other language', () => {
    expect(translateQuery('Do you ship to Bahrain?', GLOSSARY)).toBe('do you ship to البحرين?');
    expect(translateQuery('كم يوم ياخذ الاسترداد لبطاقة مدى؟', GLOSSARY)).toContain('mada');
  });

  it('replaces whole words only', () => {
    expect(translateQuery('Is Bahraini food nice?', GLOSSARY)).toBe('is bahraini food nice?');
  });
});
