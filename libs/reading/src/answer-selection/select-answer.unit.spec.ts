import { describe, expect, it } from '@jest/globals';
import type { PromptChunk } from '@support/policy';
import { SENTENCE_MIN_SCORE, selectAnswer } from './select-answer.js';

const RETURNS: PromptChunk = {
  chunkId: 'returns#1',
  title: 'Returns',
  lang: 'en',
  text:
    'Refunds are issued once the returned item passes inspection. ' +
    'You can return an item within 14 days of delivery. ' +
    'Earrings and swimwear cannot be returned.',
};
const CARE: PromptChunk = {
  chunkId: 'fabric-care#5',
  title: 'Fabric care',
  lang: 'en',
  text: 'Do not spray perfume on a silk dress. Return silk to its garment bag after wearing.',
};
const DELIVERY: PromptChunk = {
  chunkId: 'delivery#1',
  title: 'Delivery',
  lang: 'en',
  text:
    'We deliver to all GCC countries, including Bahrain. ' +
    'Delivery to Bahrain takes 3 to 5 working days.',
};
const CANCEL: PromptChunk = {
  chunkId: 'cancel#1',
  title: 'Cancellation',
  lang: 'en',
  text:
    'An order can be cancelled from My Orders until it is handed to the courier. ' +
    'After that the order cannot be cancelled, but it can be returned once delivered.',
};
const AR_RETURNS: PromptChunk = {
  chunkId: 'ar-returns#1',
  title: 'الإرجاع',
  lang: 'ar',
  text: 'يمكن إرجاع المنتجات خلال 14 يوماً من الاستلام. تصل المبالغ المستردة خلال 5 أيام عمل.',
};

const picked = (question: string, chunks: PromptChunk[], language?: 'en' | 'ar') =>
  selectAnswer(question, chunks, language ? { language } : {}).picked.map(
    (s) => `${s.text} [${s.chunkId}]`,
  );

describe('selectAnswer', () => {
  it('answers "how long" with the sentence that has a duration, not the one that shares words', () => {
    expect(picked('How long do I have to return a dress?', [RETURNS, CARE])).toEqual([
      'You can return an item within 14 days of delivery. [returns#1]',
    ]);
  });

  it('never pads the answer with a sentence of another document', () => {
    for (const question of [
      'How long do I have to return a dress?',
      'Can I return earrings?',
      'How long does delivery to Bahrain take?',
    ]) {
      const docs = new Set(
        selectAnswer(question, [RETURNS, CARE, DELIVERY]).picked.map((s) =>
          s.chunkId.replace(/#.*/, ''),
        ),
      );
      expect(docs.size).toBe(1);
    }
  });

  it('never answers with a question, in either language: it hands the customer their own words', () => {
    const faq: PromptChunk = {
      chunkId: 'wholesale-returns#1',
      title: 'Returning unsold wholesale stock',
      lang: 'en',
      text:
        'Can I return unsold stock from my wholesale order? ' +
        'Unsold wholesale stock can be returned within 30 days for store credit.',
    };
    expect(picked('Can I return unsold stock from my wholesale order?', [faq])).toEqual([
      'Unsold wholesale stock can be returned within 30 days for store credit. [wholesale-returns#1]',
    ]);
    const arabicFaq: PromptChunk = {
      chunkId: 'ar-wholesale#1',
      title: 'إرجاع بضاعة الجملة',
      lang: 'ar',
      text: 'هل يمكنني إرجاع بضاعة الجملة غير المباعة؟ يمكن إرجاع بضاعة الجملة غير المباعة خلال 30 يوماً.',
    };
    expect(picked('هل يمكنني إرجاع بضاعة الجملة غير المباعة؟', [arabicFaq])).toEqual([
      'يمكن إرجاع بضاعة الجملة غير المباعة خلال 30 يوماً. [ar-wholesale#1]',
    ]);
  });

  it('answers with the sentence holding the question’s rare term', () => {
    expect(picked('Can I return earrings?', [RETURNS, CARE])).toEqual([
      'Earrings and swimwear cannot be returned. [returns#1]',
    ]);
  });

  it('answers each part of a two-part question, from two documents if it must', () => {
    const answer = picked('Can I return an item, and how long does delivery to Bahrain take?', [
      RETURNS,
      DELIVERY,
    ]);
    expect(answer).toContain('Delivery to Bahrain takes 3 to 5 working days. [delivery#1]');
    expect(answer.some((line) => line.endsWith('[returns#1]'))).toBe(true);
  });

  it('gives no answer to a two-part question when one part has none', () => {
    expect(
      picked('Do you deliver to Bahrain and how much does gift wrapping cost?', [DELIVERY]),
    ).toEqual([]);
  });

  it('keeps the sentence that goes on from the answer', () => {
    expect(picked('Can I cancel my order after it was handed to the courier?', [CANCEL])).toEqual([
      'An order can be cancelled from My Orders until it is handed to the courier. [cancel#1]',
      'After that the order cannot be cancelled, but it can be returned once delivered. [cancel#1]',
    ]);
  });

  it('gives no answer when no sentence clears the floor, and scores every sentence', () => {
    const selection = selectAnswer('Do you sell wholesale to boutiques?', [RETURNS, CARE]);
    expect(selection.picked).toEqual([]);
    expect(selection.scored).toHaveLength(5);
    for (const sentence of selection.scored)
      expect(sentence.score).toBeLessThan(SENTENCE_MIN_SCORE);
  });

  it('answers "how much" only with an amount', () => {
    expect(picked('How much does a return cost?', [RETURNS])).toEqual([]);
  });

  it('answers a Gulf dialect question from the standard Arabic policy', () => {
    expect(picked('كم يوم عندي عشان ارجع الفستان؟', [AR_RETURNS, RETURNS], 'ar')).toEqual([
      'يمكن إرجاع المنتجات خلال 14 يوماً من الاستلام. [ar-returns#1]',
    ]);
    expect(picked('إمتى توصل فلوسي؟', [AR_RETURNS], 'ar')).toEqual([
      'تصل المبالغ المستردة خلال 5 أيام عمل. [ar-returns#1]',
    ]);
  });

  it('prefers the customer’s language when both answer as well', () => {
    expect(
      picked('How many days do I have to return an item?', [AR_RETURNS, RETURNS], 'en'),
    ).toEqual(['You can return an item within 14 days of delivery. [returns#1]']);
  });

  it('reads "free" as asking for an amount: the sentence with the place asked about answers', () => {
    const collection: PromptChunk = {
      chunkId: 'returns#3',
      title: 'Returns',
      lang: 'en',
      text:
        'Return collection is free in Qatar. ' +
        'For returns from Oman, a collection charge of 3 OMR is taken off your refund.',
    };
    expect(picked('Is the pickup free if I send it back from Oman?', [collection], 'en')).toEqual([
      'For returns from Oman, a collection charge of 3 OMR is taken off your refund. [returns#3]',
    ]);
  });

  it('finds the policy in another form of the Arabic words asked with', () => {
    const sale: PromptChunk = {
      chunkId: 'ar-exchanges#3',
      title: 'منتجات التخفيضات',
      lang: 'ar',
      text: 'القطع المخفّضة تُستبدل بمقاس آخر من القطعة نفسها فقط، ولا تُستبدل بقطعة مختلفة.',
    };
    expect(picked('ينفع أبدل فستان مخفض بواحد ثاني مختلف؟', [sale, AR_RETURNS], 'ar')).toEqual([
      'القطع المخفّضة تُستبدل بمقاس آخر من القطعة نفسها فقط، ولا تُستبدل بقطعة مختلفة. [ar-exchanges#3]',
    ]);
  });

  it('scores a rule with the sentence that goes on from it', () => {
    const hub: PromptChunk = {
      chunkId: 'delivery#7',
      title: 'Delivery',
      lang: 'en',
      text: 'Unclaimed parcels are held at the courier hub for 5 days and the order is cancelled.',
    };
    const store: PromptChunk = {
      chunkId: 'stores#2',
      title: 'Stores',
      lang: 'en',
      text: 'We keep your order at the store for 10 days. After that it is cancelled.',
    };
    expect(
      picked('How long will you hold my order at the store before cancelling it?', [hub, store]),
    ).toEqual([
      'We keep your order at the store for 10 days. [stores#2]',
      'After that it is cancelled. [stores#2]',
    ]);
  });

  it('never answers with a sentence about another action', () => {
    const exchanges: PromptChunk = {
      chunkId: 'ar-exchanges#4',
      title: 'الاستبدال في الفروع',
      lang: 'ar',
      text: 'يمكنك استبدال أي طلب أونلاين في أي من فروعنا.',
    };
    expect(picked('ابي ارجع طلب اونلاين في الفرع، ينفع؟', [exchanges], 'ar')).toEqual([]);
  });

  it('counts an English inflection as the word asked for, not as a synonym', () => {
    const days: PromptChunk = {
      chunkId: 'delivery-days#1',
      title: 'Delivery',
      lang: 'en',
      text:
        'Orders placed on a Friday are delivered on the next working day. ' +
        'There are no deliveries on Fridays.',
    };
    const { scored } = selectAnswer('do you deliver on fridays?', [days]);
    expect(scored.map((s) => s.score)).toEqual([1, 1]);
  });

  it('reads "and when" glued in Arabic as a second question, not a term to find', () => {
    const fees: PromptChunk = {
      chunkId: 'ar-delivery-fees#1',
      title: 'رسوم التوصيل',
      lang: 'ar',
      text: 'رسوم التوصيل داخل مسقط 1.500 ر.ع.، والتوصيل مجاني للطلبات فوق 25 ر.ع.',
    };
    expect(picked('كم رسوم التوصيل في مسقط؟ ومتى يصبح التوصيل مجانيًا؟', [fees], 'ar')).toEqual([
      `${fees.text} [ar-delivery-fees#1]`,
    ]);
  });

  it('answers "what time does it close" with the opening hours', () => {
    const stores: PromptChunk = {
      chunkId: 'stores#1',
      title: 'Our stores',
      lang: 'en',
      text:
        'Orders are ready for collection in 4 working days at the Salalah store. ' +
        'Store: Salalah; Opening hours: Saturday to Thursday 10 AM to 11 PM.',
    };
    expect(picked('what time does ur salalah branch close', [stores])).toEqual([
      'Store: Salalah; Opening hours: Saturday to Thursday 10 AM to 11 PM. [stores#1]',
    ]);
  });

  /** A prompt chunk of one document section. */
  const chunk = (chunkId: string, title: string, lang: 'en' | 'ar', text: string): PromptChunk => ({
    chunkId,
    title,
    lang,
    text,
  });

  it('never answers "where are your branches in Muscat" with another fact about Muscat', () => {
    const fees = chunk(
      'ar-delivery-fees#3',
      'التوصيل السريع',
      'ar',
      'خدمة التوصيل في نفس اليوم داخل محافظة مسقط تكلف 3 ر.ع.',
    );
    const stores = chunk(
      'ar-stores#1',
      'فروعنا',
      'ar',
      'فرع الموج: ذا ووك، الموج مسقط، بجانب المارينا.',
    );
    const exchanges = chunk(
      'ar-exchanges#4',
      'الاستبدال في الفروع',
      'ar',
      'يمكنك استبدال أي طلب أونلاين في أي من فروعنا في عُمان.',
    );
    expect(picked('وين فروعكم في مسقط؟', [fees, exchanges], 'ar')).toEqual([]);
    expect(picked('وين فروعكم في مسقط؟', [fees, exchanges, stores], 'ar')).toEqual([
      `${stores.text} [ar-stores#1]`,
    ]);
  });

  it("leads with the rule for the customer over the shop's process when both answer alike", () => {
    const inspection = chunk(
      'returns#5',
      'Returns policy',
      'en',
      'Our team inspects every return within 3 working days of receiving it.',
    );
    const window = chunk(
      'returns#1',
      'Returns policy',
      'en',
      'You can return most items within 15 days of delivery.',
    );
    const { scored, picked: answer } = selectAnswer('whats your return window?', [
      inspection,
      window,
    ]);
    expect(scored[0]!.score).toBe(scored[1]!.score);
    expect(answer[0]!.chunkId).toBe('returns#1');
  });

  it('does not ask a sentence for the action a condition names', () => {
    const exceptions = chunk(
      'returns#3',
      'Items that cannot be returned',
      'en',
      'Earrings for pierced ears and swimwear, for hygiene reasons.\nPerfumes once the seal is opened.',
    );
    const delivery = chunk(
      'delivery#2',
      'Delivery',
      'en',
      'Orders arrive in 2 to 4 working days. Earrings ship in a gift box.',
    );
    const care = chunk('care#1', 'Care', 'en', 'Store abayas in their dust bag. Hand wash silk.');
    // "once they arrive" sets when; the question is about returning earrings. A sentence that
    // misses an action the question asks about keeps half its score (here 0.22).
    const [best] = selectAnswer(
      'Can I send back earrings if I do not like them once they arrive?',
      [exceptions, delivery, care],
    ).scored;
    expect(best!.chunkId).toBe('returns#3');
    expect(best!.score).toBeGreaterThan(0.4);
  });

  it('answers a rule that says no with what the customer can do instead', () => {
    const shipped = chunk(
      'changes#2',
      'After shipping',
      'en',
      'An order cannot be cancelled once it has shipped. You can refuse it when the courier arrives.',
    );
    expect(picked('my order shipped already, can I still cancel it?', [shipped])).toEqual([
      'An order cannot be cancelled once it has shipped. [changes#2]',
      'You can refuse it when the courier arrives. [changes#2]',
    ]);
  });

  it('shows each row of a table that answers alike, since the customer did not say which applies', () => {
    const table = chunk(
      'changes#2',
      'Cancelling an order',
      'en',
      'When you ask: Within 2 hours; Cancel?: Yes, free.\n' +
        'When you ask: After 2 hours; Cancel?: Yes, with a 1 BHD fee.\n' +
        'Once dispatched, an order cannot be cancelled.',
    );
    expect(picked('can i cancel my order, do u charge anything?', [table]).slice(0, 2)).toEqual([
      'When you ask: Within 2 hours; Cancel?: Yes, free. [changes#2]',
      'When you ask: After 2 hours; Cancel?: Yes, with a 1 BHD fee. [changes#2]',
    ]);
  });

  it("reads a chunk's section heading as what its sentences are about", () => {
    const sameDay = chunk(
      'delivery#4',
      'Delivery',
      'en',
      'Same-day delivery\n\nOrder before 11 am.\nFee: 2.500 BHD.',
    );
    const [best] = selectAnswer('how much is same-day delivery?', [sameDay]).scored;
    expect(best!.text).toBe('Fee: 2.500 BHD.');
  });

  it("answers in the customer's language only from a page about the question", () => {
    const delivery = chunk(
      'delivery#2',
      'Delivery fees',
      'en',
      'Same-day delivery costs 2.500 BHD and is never free.',
    );
    const loyalty = chunk(
      'ar-loyalty#2',
      'نقاط الولاء',
      'ar',
      'مزايا الفئة الماسية: توصيل مجاني لكل الطلبات، لا يشمل التوصيل في نفس اليوم.',
    );
    expect(picked('same day delivery كم رسومها؟', [delivery, loyalty], 'ar')).toEqual([
      `${delivery.text} [delivery#2]`,
    ]);
  });

  it('does not answer from a section about another action, whatever words it shares', () => {
    const paying: PromptChunk = {
      chunkId: 'payments#2',
      title: 'Payment options',
      lang: 'en',
      text: 'Tamara instalments\n\nTamara splits an order into 3 monthly payments, the first at checkout.',
    };
    const refunding: PromptChunk = {
      chunkId: 'refunds#4',
      title: 'Refund timelines',
      lang: 'en',
      text: 'Refunds for Tamara instalments\n\nTamara then cancels your remaining instalments and returns any instalment you paid.',
    };
    const answer = picked('Can I pay in instalments?', [refunding, paying]);
    expect(answer).toContain(
      'Tamara splits an order into 3 monthly payments, the first at checkout. [payments#2]',
    );
    expect(answer.filter((line) => line.endsWith('[refunds#4]'))).toEqual([]);
  });

  it('does not answer how to wash a garment with a rule that does not wash it', () => {
    expect(picked('How do I wash a silk dress?', [CARE])).toEqual([]);
  });

  it('answers a question for the options with the line the list hangs from', () => {
    const payments: PromptChunk = {
      chunkId: 'payments#1',
      title: 'Payments',
      lang: 'en',
      text:
        'Payment methods we accept\n\n- Visa and Mastercard\n- Apple Pay\n- Cash on delivery\n\n' +
        'You can pay by card, or in cash at the door for an extra 12 SAR.',
    };
    expect(picked('What payment methods do you have?', [payments])[0]).toBe(
      'Payment methods we accept [payments#1]',
    );
  });
});
