import { describe, expect, it } from '@jest/globals';
import type { PromptChunk } from '@support/policy';
import { askedActionsOf, selectAnswer } from './select-answer.js';

const picked = (question: string, chunks: PromptChunk[]) =>
  selectAnswer(question, chunks).picked.map((s) => `${s.text} [${s.chunkId}]`);

const REFUND_TIMES: PromptChunk = {
  chunkId: 'refunds#2',
  title: 'Refunds',
  lang: 'en',
  text:
    'Refund times by payment method\n\n' +
    'Apple Pay: 5–10 working days, to the card linked to Apple Pay.\n' +
    'Tabby or Tamara: the instalment plan is cancelled within 3 working days.',
};

const DELIVERY_TIMES: PromptChunk = {
  chunkId: 'delivery#2',
  title: 'Delivery',
  lang: 'en',
  text:
    'Delivery times\n\n' +
    'Within Kuwait, orders confirmed before 4 PM arrive the next working day. ' +
    'Orders confirmed after 4 PM arrive within 2 working days.',
};

const FEES: PromptChunk = {
  chunkId: 'refund-fees#5',
  title: 'Gift cards and credit',
  lang: 'en',
  text:
    'Gift cards and credit\n\n' +
    'Delivery fees are not refunded unless the gift card order was cancelled in full.',
};

describe('selectAnswer: a section about another action', () => {
  it('does not answer how to pay from a section about refunds by payment method', () => {
    expect(picked('Do you take Apple Pay?', [REFUND_TIMES])).toEqual([]);
    expect(picked('Can I split the payment with Tabby?', [REFUND_TIMES])).toEqual([]);
  });

  it('answers a refund question from the same section', () => {
    expect(picked('How long does an Apple Pay refund take?', [REFUND_TIMES])).toEqual([
      'Apple Pay: 5–10 working days, to the card linked to Apple Pay. [refunds#2]',
    ]);
  });

  it('does not answer a question that names no action from a section about one', () => {
    const deliveryTimes: PromptChunk = {
      chunkId: 'delivery#1',
      title: 'Delivery',
      lang: 'en',
      text: 'Delivery times\n\n' + 'In Jeddah, orders confirmed before 1 PM arrive tomorrow.',
    };
    expect(picked("What's the weather in Jeddah tomorrow?", [deliveryTimes])).toEqual([]);
    expect(picked('When will my order arrive in Jeddah?', [deliveryTimes])).not.toEqual([]);
  });

  it('reads an action a heading names after "before" as when, not what', () => {
    const changes: PromptChunk = {
      chunkId: 'order-changes#1',
      title: 'Changing an order',
      lang: 'en',
      text:
        'Before shipping\n\n' +
        'You can change the size or colour of an order for free while it is being prepared.',
    };
    expect(picked('Can I change the colour of my order?', [changes])).not.toEqual([]);
  });

  it('reads a page title as what a heading without an action is about', () => {
    const window: PromptChunk = {
      chunkId: 'returns-policy#1',
      title: 'Returns policy',
      lang: 'en',
      text:
        'How long you have\n\n' +
        'Orders delivered to Bahrain or Kuwait: 10 days from the delivery date.',
    };
    expect(picked('How many days does delivery to Bahrain take?', [window])).toEqual([]);
    expect(picked('How many days do I have to return an order in Bahrain?', [window])).not.toEqual(
      [],
    );
  });

  it('reads a way to pay as a question about paying', () => {
    expect(askedActionsOf(new Set(['~applepay']))).toEqual(['~pay']);
    expect(askedActionsOf(new Set(['~applepay', '~refund']))).toEqual(['~refund']);
    expect(askedActionsOf(new Set(['~silk']))).toEqual([]);
  });
});

describe('selectAnswer: the case the customer states', () => {
  it('does not answer "when" with a rule for another time than the one stated', () => {
    expect(
      picked('If I order at 6 in the evening, when will it reach me in Kuwait?', [DELIVERY_TIMES]),
    ).toEqual([]);
  });

  it('answers when the rule is for the time the customer states', () => {
    expect(
      picked('If I order after 4 PM, when will it arrive in Kuwait?', [DELIVERY_TIMES]),
    ).not.toEqual([]);
  });
});

describe('selectAnswer: the number the customer states about their case', () => {
  const cashOnDelivery: PromptChunk = {
    chunkId: 'payments#3',
    title: 'Payments',
    lang: 'en',
    text:
      'Cash on delivery\n\n' +
      'Cash on delivery adds a fee of 10 SAR to the order. ' +
      'Cash on delivery is available for orders up to 1,500 SAR.',
  };

  it('answers a stated sum with the limit it falls under, not with a flat fee', () => {
    expect(picked('Can I pay cash on delivery? My order is 2,300 SAR', [cashOnDelivery])).toEqual([
      'Cash on delivery is available for orders up to 1,500 SAR. [payments#3]',
    ]);
  });

  it('does not answer what a stated count is worth with a rate', () => {
    const points: PromptChunk = {
      chunkId: 'loyalty#4',
      title: 'Loyalty',
      lang: 'en',
      text: 'Using points\n\n' + '200 points are worth 10 AED at checkout.',
    };
    expect(picked('I have 1,000 points, how much are they worth?', [points])).toEqual([]);
    expect(picked('How much are 200 points worth?', [points])).not.toEqual([]);
  });
});

describe('selectAnswer: an action named only in a condition', () => {
  it('does not answer "can I cancel?" with a rule about refunds that holds unless cancelled', () => {
    expect(picked('Can I cancel the gift card order?', [FEES])).toEqual([]);
  });
});

describe('selectAnswer: two questions, one about nothing the chunks name', () => {
  it('gives no half answer when the second part asks about something absent', () => {
    const COD: PromptChunk = {
      chunkId: 'payment#3',
      title: 'Payment methods',
      lang: 'en',
      text: 'Cash on delivery\n\nPay the courier in cash when your order arrives in Saudi Arabia.',
    };
    expect(picked('can I pay the courier cash? is there some kind of limit', [COD])).toEqual([]);
    expect(picked('can I pay the courier cash?', [COD])).not.toEqual([]);
  });
});

describe('selectAnswer: the place the customer names', () => {
  const SHIPPING: PromptChunk = {
    chunkId: 'international#1',
    title: 'International shipping',
    lang: 'en',
    text:
      'Country: Kuwait; Delivery time: 3–5 working days; Shipping fee: 45 SAR.\n' +
      'Country: Qatar; Delivery time: 3–5 working days; Shipping fee: 45 SAR.',
  };

  it('does not answer a time or a fee for one place with the rows of others', () => {
    expect(
      picked('My sister lives in Muscat. How many days does shipping take and what is the fee?', [
        SHIPPING,
      ]),
    ).toEqual([]);
  });

  it('does not answer a time for a named place with one that names no place', () => {
    const ALTERATIONS: PromptChunk = {
      chunkId: 'alterations#5',
      title: 'Alterations',
      lang: 'en',
      text: 'This adds 5 working days to the shipping date of the order.',
    };
    expect(picked('How many days does shipping to Muscat take?', [ALTERATIONS])).toEqual([]);
    expect(picked('How many days does the alteration add to shipping?', [ALTERATIONS])).toEqual([
      'This adds 5 working days to the shipping date of the order. [alterations#5]',
    ]);
  });

  it('answers with the row of the place asked about', () => {
    expect(picked('How many days does shipping to Qatar take?', [SHIPPING])).toEqual([
      'Country: Qatar; Delivery time: 3–5 working days; Shipping fee: 45 SAR. [international#1]',
    ]);
  });
});

describe('selectAnswer: the way the customer paid', () => {
  const REFUND_ROUTES: PromptChunk = {
    chunkId: 'refunds#3',
    title: 'Refunds',
    lang: 'en',
    text:
      'Gift card orders: when an order paid with a gift card is returned, the refund is a new gift card.\n' +
      'Cash on delivery orders: when the order is returned, the refund goes to your bank account in 7 days.',
  };
  const GENERAL: PromptChunk = {
    chunkId: 'refunds#1',
    title: 'Refunds',
    lang: 'en',
    text: 'When a returned order is approved, the refund is paid in 5 working days.',
  };

  it("answers from the rule for the customer's way to pay, not another's", () => {
    expect(
      picked('I paid cash on delivery and returned the order. How is my refund paid?', [
        REFUND_ROUTES,
      ]),
    ).toEqual([
      'Cash on delivery orders: when the order is returned, the refund goes to your bank account in 7 days. [refunds#3]',
    ]);
  });

  it('does not answer from a rule for another way to pay alone', () => {
    const giftCardOnly: PromptChunk = {
      ...REFUND_ROUTES,
      text: 'Gift card orders: when an order paid with a gift card is returned, the refund is a new gift card.',
    };
    expect(
      picked('I paid cash on delivery and returned the order. How is my refund paid?', [
        giftCardOnly,
      ]),
    ).toEqual([]);
  });

  it('does not answer how the money comes back with a rule that names no way to pay', () => {
    expect(
      picked('I paid cash on delivery and returned the order. How do I get my money back?', [
        GENERAL,
      ]),
    ).toEqual([]);
  });

  it('answers what is not about paying or refunds from a rule that names no way to pay', () => {
    const returns: PromptChunk = {
      chunkId: 'returns#1',
      title: 'Returns',
      lang: 'en',
      text: 'Dresses can be returned within 14 days of delivery.',
    };
    expect(picked('I paid cash. How many days do I have to return a dress?', [returns])).toEqual([
      'Dresses can be returned within 14 days of delivery. [returns#1]',
    ]);
  });
});

describe('selectAnswer: what only names the kind of fact asked for', () => {
  const chunk = (text: string): PromptChunk => ({
    chunkId: 'delivery#3',
    title: 'Delivery',
    lang: 'en',
    text,
  });

  it('does not answer "until when" with the duration the question itself names', () => {
    const question = 'Until when can I order to get same-day delivery?';
    expect(
      picked(question, [chunk('Orders with tailoring are not sent with same-day delivery.')]),
    ).toEqual([]);
    expect(picked(question, [chunk('Order before 1 PM to get same-day delivery.')])).toEqual([
      'Order before 1 PM to get same-day delivery. [delivery#3]',
    ]);
  });

  it('reads a number word as a duration only beside its unit of time', () => {
    const question = 'How long will you keep my Click & Collect order?';
    expect(
      picked(question, [
        chunk('The return window starts on the day you collect a Click & Collect order.'),
      ]),
    ).toEqual([]);
    expect(picked(question, [chunk('We keep a Click & Collect order for seven days.')])).toEqual([
      'We keep a Click & Collect order for seven days. [delivery#3]',
    ]);
  });

  it('answers "how many" only with a number', () => {
    const points = (text: string): PromptChunk => ({
      chunkId: 'loyalty#2',
      title: 'Loyalty points',
      lang: 'en',
      text,
    });
    const question = 'How many points do I need to redeem for a discount?';
    expect(
      picked(question, [
        points('Points you redeem for a discount come back when you return the item.'),
      ]),
    ).toEqual([]);
    expect(picked(question, [points('Redeem 200 points for a 1 BHD discount.')])).toEqual([
      'Redeem 200 points for a 1 BHD discount. [loyalty#2]',
    ]);
  });

  it('does not read "the free-delivery threshold" as a price', () => {
    const question = 'How much is express delivery?';
    expect(
      picked(question, [
        chunk('Express delivery fees still apply above the free-delivery threshold.'),
      ]),
    ).toEqual([]);
    expect(picked(question, [chunk('Express delivery is free.')])).toEqual([
      'Express delivery is free. [delivery#3]',
    ]);
  });
});
