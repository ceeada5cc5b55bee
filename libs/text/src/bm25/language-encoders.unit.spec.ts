import { describe, expect, it } from '@jest/globals';
import { arabicBm25, englishBm25 } from './language-encoders.js';
import { tokenId } from './token-id.js';

describe('englishBm25', () => {
  const bm25 = englishBm25();

  // fastembed's test_stem_with_stopwords_and_punctuation, with the full NLTK list.
  it('removes NLTK stop words and punctuation, and stems with Porter2', () => {
    expect(bm25.terms('The quick brown fox is a test sentence.!')).toEqual([
      'quick',
      'brown',
      'fox',
      'test',
      'sentenc',
    ]);
    expect(bm25.terms('What is YOUR return policy for the dresses?')).toEqual([
      'return',
      'polici',
      'dress',
    ]);
  });

  it('weighs a small document by hand', () => {
    // Tokens: returns, returned, the, dress, returns. "the" is a stop word, so len = 4:
    // return (tf 3) = 6.6 / (3 + 1.2 * 0.26171875) = 1.99151..., dress (tf 1) = 2.2 / 1.3140625.
    const vector = englishBm25().encodeDocument('Returns returned: the dress returns!');
    expect(vector.indices).toEqual([627720287, 1430125705]); // dress, return
    expect(vector.values[0]).toBeCloseTo(2.2 / 1.3140625, 12);
    expect(vector.values[1]).toBeCloseTo(6.6 / 3.3140625, 12);
    expect(englishBm25().encodeQuery('Returns returned: the dress returns!')).toEqual({
      indices: [627720287, 1430125705],
      values: [1, 1],
    });
  });

  it('encodes query terms with the ids of the document terms', () => {
    const document = bm25.encodeDocument('Refunds are issued within 14 days of the return.');
    const query = bm25.encodeQuery('refund return');
    expect(query.indices).toEqual([tokenId('refund'), tokenId('return')].sort((a, b) => a - b));
    for (const id of query.indices) expect(document.indices).toContain(id);
  });

  it('keeps an Arabic word of a mixed sentence as it is', () => {
    expect(bm25.terms('Can I return the فستان I bought?')).toEqual(['return', 'فستان', 'bought']);
  });
});

describe('arabicBm25', () => {
  const bm25 = arabicBm25();

  it('encodes text with and without diacritics alike', () => {
    const withMarks = 'ذَهَبَ الطَّالِبُ إِلَى المَدْرَسَةِ لِإِرْجَاعِ الكِتَابِ';
    const without = 'ذهب الطالب الى المدرسة لارجاع الكتاب';
    expect(bm25.encodeDocument(withMarks)).toEqual(bm25.encodeDocument(without));
    expect(bm25.encodeQuery(withMarks)).toEqual(bm25.encodeQuery(without));
  });

  it('encodes tatweel, alef and hamza variants and Arabic-Indic digits alike', () => {
    expect(bm25.encodeQuery('الطـــلب رقم ١٢٣ مسؤول')).toEqual(
      bm25.encodeQuery('الطلب رقم 123 مسوول'),
    );
    expect(bm25.encodeQuery('أحمد إرجاع آخر')).toEqual(bm25.encodeQuery('احمد ارجاع اخر'));
  });

  it('removes the NLTK Arabic stop words, with or without hamza and diacritics', () => {
    expect(bm25.terms('في من إلى على هذا')).toEqual([]);
    expect(bm25.terms('فِي مِنْ الى علي هذا')).toEqual([]);
    expect(bm25.terms('ثمة ثمه')).toEqual([]); // ثمه is the stop word ثمة typed with ه
  });

  it('stems definite and indefinite forms, ة or ه, to one term', () => {
    // Folding ة to ه before the stemmer would stem المدرسه to "مدرسه" but مدرسة to "مدرس".
    expect(bm25.terms('المدرسة مدرسة مدرسه')).toEqual(['مدرس', 'مدرس', 'مدرس']);
    expect(bm25.terms('قطة قطه')).toEqual(['قطه', 'قطه']);
  });

  it('keeps Latin brand names (lowercased, unstemmed)', () => {
    expect(bm25.terms('ابي ارجع الشنطة من Zara Returns')).toContain('zara');
    expect(bm25.terms('Returns')).toEqual(['returns']);
  });

  it('encodes query terms with the ids of the document terms', () => {
    const document = bm25.encodeDocument('سياسة الاسترجاع: يمكنك إرجاع الطلبات خلال ١٤ يومًا.');
    const query = bm25.encodeQuery('استرجاع الطلب');
    expect(query.values).toEqual([1, 1]);
    for (const id of query.indices) expect(document.indices).toContain(id);
  });
});
