import { describe, expect, it } from '@jest/globals';
import { conceptsOf } from '@support/language';
import { normalizeForChecks } from '@support/text';
import { alignClaim } from './align-claim.js';
import { factProblem } from './check-facts.js';
import { sourceUnits, valueSegments } from './source-units.js';
import { FACT_LEXICON } from '@support/language';

const units = (chunk: string) => sourceUnits(normalizeForChecks(chunk));
const problem = (sentence: string, chunk: string, reply = sentence) =>
  factProblem(
    normalizeForChecks(sentence),
    units(chunk),
    new Set(conceptsOf(normalizeForChecks(reply)).facts.keys()),
  );

describe('sourceUnits', () => {
  it('reads each list line with the lead-in it depends on, and its polarity', () => {
    const read = units('Items that cannot be returned\n\n- Lingerie and sleepwear\n- Swimwear');
    expect(read.map((unit) => [unit.text, unit.negated])).toEqual([
      ['items that cannot be returned', true],
      ['Items that cannot be returned: lingerie and sleepwear', true],
      ['Items that cannot be returned: swimwear', true],
    ]);
    expect([...read[1]!.negatedItems]).toContain('lingeri');
  });

  it('cuts a clause into one segment per value, the words of its case with it', () => {
    const segments = valueSegments(
      normalizeForChecks(
        'Pickup takes 2–4 working days in Saudi Arabia, and 3–6 working days in Kuwait, Qatar and Oman',
      ),
      FACT_LEXICON,
    );
    expect(
      segments.map((s) => [s.quantities.map((q) => q.value), [...s.concepts.facts.keys()]]),
    ).toEqual([
      [
        [2, 4],
        ['unit.working_day', 'place.saudi'],
      ],
      [
        [3, 6],
        ['unit.working_day', 'place.kuwait', 'place.qatar', 'place.oman'],
      ],
    ]);
  });
});

describe('alignClaim', () => {
  it('aligns a claim with the clause sharing the most concepts, in either language', () => {
    const chunk = units(
      'Full-price items can be returned within 21 days. Sale items can be returned within 7 days.',
    );
    const aligned = alignClaim(conceptsOf('يمكن إرجاع منتجات التخفيضات'), chunk);
    expect(aligned.map((unit) => unit.text)).toEqual(['sale items can be returned within 7 days.']);
  });
});

describe('factProblem', () => {
  const SALE =
    'Full-price items can be returned within 21 days. Sale items can be returned within 7 days.';

  it('checks a value against the case the claim restates', () => {
    expect(problem('Sale items can be returned within 21 days.', SALE)).toBe(
      'unsupported_quantity: 21',
    );
    expect(problem('Sale items can be returned within 7 days.', SALE)).toBeUndefined();
    expect(problem('Items can be returned within 21 days.', SALE)).toBeUndefined();
  });

  it("takes a value's case from a list line's head and from the claim's clause", () => {
    const shipping =
      'Delivery times and fees\n\n- Oman: 3 to 5 working days, AED 35.00, free for orders of AED 500.00 or more.\n' +
      '- Qatar: 4 to 6 working days, AED 45.00, free for orders of AED 600.00 or more.';
    expect(problem('Shipping to Oman is free for orders of AED 600.00 or more.', shipping)).toBe(
      'unsupported_quantity: 600',
    );
    expect(
      problem('Shipping to Oman is free for orders of AED 500.00 or more.', shipping),
    ).toBeUndefined();
    const fees =
      'Fees\n\n- Saudi Arabia, Eastern Province (Dammam, Khobar): 2–4 working days, fee BHD 3.000\n' +
      '- Saudi Arabia, other cities (including Riyadh and Jeddah): 4–6 working days, fee BHD 4.500';
    expect(problem('Delivery to Dammam takes 2–4 working days and costs BHD 4.500.', fees)).toBe(
      'unsupported_quantity: 4.5',
    );
    expect(
      problem('Delivery to Dammam takes 2–4 working days and costs BHD 3.000.', fees),
    ).toBeUndefined();
    // The line that leads into a list is no value's case: the head nearest the value is.
    const list =
      'Fees\n\nStandard delivery is free over a threshold, or a fixed fee applies:\n\n' +
      '- Saudi Arabia: free from 249 SAR, otherwise 22 SAR.\n- Kuwait: free from 25 KWD, otherwise 2 KWD.';
    expect(
      problem(
        'Standard delivery is free over a threshold, or a fixed fee applies: Saudi Arabia: free from 249 SAR, otherwise 22 SAR.',
        list,
      ),
    ).toBeUndefined();
    // A value of the chunk that names no case is nobody else's: the fee of the next sentence.
    const cod =
      'Cash on delivery is available in Kuwait only, for orders up to 150 KWD. A cash on delivery fee of 1 KWD is added to the order.';
    expect(
      problem(
        'Cash on delivery is available only in Kuwait, for orders up to 150 KWD, and a 1 KWD fee is added.',
        cod,
      ),
    ).toBeUndefined();
  });

  it('refuses a fact the restated clause does not carry, and accepts a general word for a brand', () => {
    const chunk = 'Visa refunds arrive within 14 days of approval.';
    expect(problem('Visa refunds arrive as store credit within 14 days of approval.', chunk)).toBe(
      'unsupported_fact: refund.store_credit',
    );
    expect(problem('Card refunds arrive within 14 days of approval.', chunk)).toBeUndefined();
  });

  it('refuses a dropped condition, unless the reply keeps it in another sentence', () => {
    const chunk = 'Fragrances can be returned within 7 days if they are unopened.';
    expect(problem('Fragrances can be returned within 7 days.', chunk)).toBe(
      'dropped_condition: condition.unopened',
    );
    expect(
      problem(
        'Fragrances can be returned within 7 days.',
        chunk,
        'Fragrances can be returned within 7 days. They must be unopened.',
      ),
    ).toBeUndefined();
  });

  it('keeps every place when none is named, and "only" always', () => {
    const chunk = 'In Riyadh and Jeddah you can choose Saturday delivery for an extra 15 SAR.';
    expect(problem('You can choose Saturday delivery for an extra 15 SAR.', chunk)).toBe(
      'dropped_condition: place.riyadh',
    );
    expect(
      problem('In Jeddah you can choose Saturday delivery for an extra 15 SAR.', chunk),
    ).toBeUndefined();
    expect(
      problem(
        'Cash on delivery is available.',
        'Cash on delivery is available only in Saudi Arabia.',
      ),
    ).toBe('dropped_condition: scope.only');
  });

  it('reads polarity piece by piece, a list line through its lead-in', () => {
    const list = 'Items that cannot be returned\n\n- Swimwear and burkinis';
    expect(problem("Swimwear and burkinis can't be returned.", list)).toBeUndefined();
    expect(problem('Items that cannot be returned: Swimwear and burkinis.', list)).toBeUndefined();
    const inline =
      'The following items cannot be returned: lingerie, swimwear and opened perfumes.';
    expect(problem(inline, inline)).toBeUndefined();
    expect(problem('Swimwear can be returned within 14 days.', inline)).toBe(
      'negation_mismatch: chunk_negates',
    );
    expect(problem('Swimwear can be returned within 21 days.', list)).toBe(
      'negation_mismatch: chunk_negates',
    );
    const chunk =
      'Damage caused by washing against the care label, or by perfume, is not treated as a fault.';
    expect(
      problem('Damage caused by washing against the care label is treated as a fault.', chunk),
    ).toBe('negation_mismatch: chunk_negates');
    expect(
      problem('لا يوجد استرداد نقدي لبطاقات الهدايا.', 'يوجد استرداد نقدي لبطاقات الهدايا.'),
    ).toBe('negation_mismatch: sentence_negates');
  });

  it('reads "free" and "لا يوجد رسوم" as a price, "عادةً ما" as no negation', () => {
    expect(
      problem('الاستلام مجاني في الكويت.', 'لا يوجد رسوم على الاستلام في الكويت.'),
    ).toBeUndefined();
    expect(problem('يصل الطلب خلال يومين.', 'وعادةً ما يصل الطلب خلال يومين.')).toBeUndefined();
  });

  it('lets a question through without conditions or scope', () => {
    expect(problem('أي طلب تقصد؟', 'طلبك ORD-1002 في الرياض.')).toBeUndefined();
  });
});
