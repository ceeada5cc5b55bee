import { describe, expect, it } from '@jest/globals';
import { validateReply } from '../validation/validate-reply.js';
import type { PromptChunk } from '../validation/verdict.js';

/**
 * Drafts that change one fact of the chunk they cite (each must fail) and faithful restatements
 * of the same chunks, in the other language, with clitics or in dialect (each must pass). Chunk
 * texts follow the shop's kb/ (heading, then paragraphs or list lines, as the chunker writes them).
 */
const RETURNS = {
  chunkId: 'retail-returns#2',
  text: 'Return window and conditions\n\nYou can return items within 21 days of the delivery date. Returned items must be unworn, unwashed and unaltered, with the original tags still attached and the Sanaa garment bag included. Shoes must come back in their original box. Items with make-up, perfume or deodorant marks are refused at inspection and sent back to you.',
};
const NOT_RETURNABLE = {
  chunkId: 'retail-returns#3',
  text: 'Items that cannot be returned\n\n- Lingerie and sleepwear\n- Swimwear and burkinis\n- Fragrances, oud oil and bakhoor once the seal is opened\n- Hijab underscarves and inner caps\n- Items shortened or altered by our tailoring service\n- Items marked "Last Piece" on the product page',
};
const SALE = {
  chunkId: 'sale#1',
  text: 'Sale returns\n\nFull-price items can be returned within 21 days of delivery. Sale items can be returned within 7 days of delivery.',
};
const COD_REFUND = {
  chunkId: 'refund-timelines#3',
  text: 'Refunds for cash on delivery orders\n\nWe do not hand back cash at the door. For an order paid with cash on delivery, choose one of:\n\n- Sanaa Credit: added to your account within 1 working day of approval. Sanaa Credit does not expire.\n- Bank transfer: send, through the refund form, an IBAN in your own name at a bank in Saudi Arabia, the UAE, Kuwait, Qatar, Bahrain or Oman. The transfer arrives within 5 working days.\n\nThe cash on delivery fee is not refunded, except for damaged or wrong items.',
};
const CARD_REFUND = {
  chunkId: 'refund-timelines#2',
  text: 'Refunds to cards\n\nCard payments are refunded to the original card within 14 days of approval.',
};
const WAREHOUSE = {
  chunkId: 'refund-timelines#1',
  text: 'When the refund starts\n\nReturned items are inspected at our warehouse in Riyadh within 3 working days.',
};
const DELIVERY_FEES = {
  chunkId: 'delivery-times-fees#4',
  text: 'Delivery fees and free delivery\n\nStandard delivery is free on orders over 249 SAR. Cash on delivery is available only in Saudi Arabia.',
};
const PERFUME = {
  chunkId: 'fragrance#1',
  text: 'Fragrance returns\n\nFragrances can be returned within 7 days if they are unopened.',
};
const STORES = {
  chunkId: 'stores#1',
  text: 'Our stores\n\nWe have stores in Riyadh and Jeddah.',
};
const AR_GIFT = {
  chunkId: 'ar-gift-card-terms#1',
  text: 'استرداد بطاقات الهدايا\n\nلا يوجد استرداد نقدي لبطاقات الهدايا.',
};
const AR_STORES = {
  chunkId: 'ar-stores#1',
  text: 'فروعنا\n\nلدينا فروع في الرياض وجدة.',
};
const AR_RETURNS = {
  chunkId: 'ar-retail-returns#2',
  text: 'مهلة الإرجاع وشروطه\n\nيحق لك إرجاع المنتجات خلال 21 يوماً من تاريخ التسليم، بشرط أن تكون غير ملبوسة ولا مغسولة ولم يُجرَ عليها أي تعديل، وأن تبقى بطاقاتها الأصلية مثبّتة عليها مع كيس سناء الأصلي الخاص بالملابس. وتُعاد الأحذية في علبتها الأصلية. أما القطع التي تظهر عليها آثار مكياج أو عطر أو مزيل عرق فتُرفض عند الفحص وتُعاد إليك.',
};
const ALTERATIONS = {
  chunkId: 'tailoring#1',
  text: 'Alteration prices\n\n- Hemming an abaya or dress: free for full-price items, BHD 2.000 for sale items\n- Shortening sleeves: BHD 2.500',
};
const ORDER_CHANGES = {
  chunkId: 'order-changes#2',
  text: 'Changing items\n\nItems cannot be added to an order that has already been placed. A size change is possible by chat as long as the order has not been packed.',
};
const EXCHANGE_WINDOW = {
  chunkId: 'exchanges#1',
  text: 'What you can exchange\n\nYou can exchange an item for another size within 14 days of delivery for online orders or 7 days of purchase for store purchases.',
};
const AR_COD = {
  chunkId: 'payments#3',
  text: 'الدفع عند الاستلام\n\nالدفع عند الاستلام متاح داخل الإمارات فقط، للطلبات حتى 2,000.00 درهم. تُضاف رسوم 15.00 درهم على كل طلب.',
};
const REFUND_CHANNELS = {
  chunkId: 'refunds#2',
  text: 'Refund timing by payment method\n\n- Credit or debit card: back to the same card within 5–7 working days.\n- BenefitPay: back to the bank account linked to BenefitPay within 2 working days.',
};
const REFUND_BY_PAYMENT = {
  chunkId: 'refunds#4',
  text: 'Refunds by payment method\n\nWe refund once the item has passed inspection.\n- Apple Pay: to the card linked to Apple Pay within 3 to 7 working days.\n- Cash on delivery: as store credit straight away, or by bank transfer within 7 working days.\n- Gift card: as a new e-gift card.',
};
const TIERS = {
  chunkId: 'loyalty#2',
  text: 'المستويات والمزايا\n\n- المستوى الفضي (إنفاق أقل من 300 دينار في السنة): نقطة واحدة لكل دينار.\n- المستوى الذهبي (إنفاق من 300 إلى 799 دينارا في السنة): نقطتان لكل دينار.\n- المستوى الماسي (إنفاق 800 دينار أو أكثر في السنة): 3 نقاط لكل دينار.',
};
const TIER_REVIEW = {
  chunkId: 'loyalty#4',
  text: 'صلاحية النقاط والمستوى\n\nتنتهي صلاحية النقاط بعد 12 شهرا من تاريخ كسبها. ويعاد تحديد المستوى في 1 يناير من كل عام بناء على إنفاق السنة السابقة.',
};
const POINTS = {
  chunkId: 'loyalty#3',
  text: 'استبدال النقاط\n\nكل 100 نقطة تساوي خصما بقيمة 1.000 دينار. الحد الأدنى للاستبدال 500 نقطة. لا يمكن استخدام النقاط لشراء بطاقات الهدايا.',
};
const GCC_SHIPPING = {
  chunkId: 'international-shipping#1',
  text: 'International shipping\n\nWe ship to Saudi Arabia, Bahrain, the UAE, Qatar and Oman.',
};
const GIFT_VALIDITY = {
  chunkId: 'gift-cards#2',
  text: 'صلاحية بطاقة الهدية\n\nبطاقة الهدية صالحة لمدة 12 شهرا من تاريخ الشراء.',
};
const EXCHANGE_WAYS = {
  chunkId: 'exchanges#3',
  text: 'طرق الاستبدال\n\n- في الفرع: يتم الاستبدال فورا إذا توفر المقاس أو اللون المطلوب، دون أي رسوم.\n- عبر التطبيق: يستلم المندوب المنتج ويسلمك البديل في الزيارة نفسها، مجانا داخل الكويت.',
};
const REPORT_DAMAGE = {
  chunkId: 'damaged#1',
  text: 'الإبلاغ عن المشكلة\n\nإذا وصلك منتج تالف، أبلغنا خلال 48 ساعة من الاستلام عبر واتساب أو من صفحة «طلباتي».',
};
const COD_LIMIT = {
  chunkId: 'payments#3',
  text: 'الدفع عند الاستلام\n\nالدفع عند الاستلام متاح داخل البحرين فقط، برسوم 0.500 دينار لكل طلب، وللطلبات التي لا تزيد قيمتها على 80 ديناراً. التوصيل مجاني للطلبات التي تزيد على 25 ديناراً.',
};

const verdict = (draft: string, ...chunks: PromptChunk[]) => validateReply(draft, chunks);

/** A case: its name, the draft, the chunks it cites. */
type Case = [string, string, ...PromptChunk[]];

describe('the facts check refuses a draft that changes one fact', () => {
  it.each<Case>([
    [
      'a duration in words past thirty',
      'You can return items within ninety days of the delivery date [retail-returns#2].',
      RETURNS,
    ],
    [
      '"forty days"',
      'You can return items within forty days of the delivery date [retail-returns#2].',
      RETURNS,
    ],
    [
      '"a year"',
      'You can return items within a year of the delivery date [retail-returns#2].',
      RETURNS,
    ],
    [
      '"at any time"',
      'Returned items must be unworn and unwashed, and you can return them at any time after the delivery date [retail-returns#2].',
      RETURNS,
    ],
    [
      'an Arabic duration in words past thirty',
      'يحق لك إرجاع المنتجات خلال تسعين يوماً من تاريخ التسليم [ar-retail-returns#2].',
      AR_RETURNS,
    ],
    [
      'Arabic "at any time"',
      'يحق لك إرجاع المنتجات غير الملبوسة في أي وقت من تاريخ التسليم [ar-retail-returns#2].',
      AR_RETURNS,
    ],
    [
      'Arabic "a year"',
      'يحق لك إرجاع المنتجات خلال سنة من تاريخ التسليم [ar-retail-returns#2].',
      AR_RETURNS,
    ],
    [
      'a value taken from the other case of the chunk',
      'Sale items can be returned within 21 days of delivery [sale#1].',
      SALE,
    ],
    [
      'the refund channel (card to store credit)',
      'Card payments are refunded as store credit within 14 days of approval [refund-timelines#2].',
      CARD_REFUND,
    ],
    [
      'the place (Riyadh to Dammam)',
      'Returned items are inspected at our warehouse in Dammam within 3 working days [refund-timelines#1].',
      WAREHOUSE,
    ],
    [
      'the payment method',
      'For an order paid with cash on delivery, the transfer arrives by Apple Pay within 5 working days [refund-timelines#3].',
      COD_REFUND,
    ],
    [
      'working days read as calendar days',
      'Returned items are inspected at our warehouse in Riyadh within 3 days [refund-timelines#1].',
      WAREHOUSE,
    ],
    [
      'a threshold dropped',
      'Standard delivery is free on all orders [delivery-times-fees#4].',
      DELIVERY_FEES,
    ],
    [
      '"only in Saudi Arabia" dropped',
      'Cash on delivery is available [delivery-times-fees#4].',
      DELIVERY_FEES,
    ],
    ['"unopened" dropped', 'Fragrances can be returned within 7 days [fragrance#1].', PERFUME],
    [
      'a fee the chunk says is not refunded',
      'You get a full refund, including the delivery fee and the cash on delivery fee [refund-timelines#3].',
      COD_REFUND,
    ],
    [
      'items the chunk lists as not returnable',
      'Lingerie, swimwear and fragrances can be returned within 21 days [retail-returns#3] [retail-returns#2].',
      NOT_RETURNABLE,
      RETURNS,
    ],
    [
      'an Arabic negation turned around',
      'يوجد استرداد نقدي لبطاقات الهدايا [ar-gift-card-terms#1].',
      AR_GIFT,
    ],
    [
      'a place in an Arabic answer to an English chunk',
      'لدينا فروع في الرياض والدمام [stores#1].',
      STORES,
    ],
    [
      'the price of the case beside the one said free',
      'Hemming a full-price dress costs BHD 2.000 [tailoring#1].',
      ALTERATIONS,
    ],
    [
      'a refund sent to a wallet where the chunk sends it to a bank account',
      'يرجع المبلغ إلى محفظة BenefitPay خلال يومي عمل [refunds#2].',
      REFUND_CHANNELS,
    ],
    [
      "the refund channel of another way of paying's line",
      'For orders paid with a gift card, we refund you by bank transfer once the item has passed inspection [refunds#4].',
      REFUND_BY_PAYMENT,
    ],
    [
      'a contact channel swapped (WhatsApp to email)',
      'أبلغنا خلال 48 ساعة من الاستلام عبر البريد الإلكتروني أو من صفحة «طلباتي» [damaged#1].',
      REPORT_DAMAGE,
    ],
    [
      'an affirmed rule beside a "not" that belongs to its condition',
      'نعم، يمكنك إضافة قطع إلى طلبك عبر المحادثة طالما أنه لم يُجهَّز بعد [order-changes#2].',
      ORDER_CHANGES,
    ],
    [
      'a period counted from another moment',
      'You can exchange an online order within 14 days of purchase [exchanges#1].',
      EXCHANGE_WINDOW,
    ],
    [
      'a charge said to be none, in Gulf wording',
      'الدفع عند الاستلام ماله رسوم داخل الإمارات، بس لازم يكون الطلب حتى 2,000.00 درهم [payments#3].',
      AR_COD,
    ],
    [
      "another tier's rate (the Arabic dual is a count)",
      'بما إنك في المستوى الذهبي تحصل على 3 نقاط لكل دينار إذا كان إنفاقك من 300 إلى 799 دينارا في السنة [loyalty#2].',
      TIERS,
    ],
    [
      'a yearly threshold without its year',
      'توصل للمستوى الذهبي إذا كان إنفاقك من 300 إلى 799 دينار، وتحصل فيه على نقطتين لكل دينار [loyalty#2].',
      TIERS,
    ],
    [
      'the year spending is counted over, moved',
      'Your tier is reviewed on 1 January every year based on your spending in the current year [loyalty#4].',
      TIER_REVIEW,
    ],
    [
      '"without exception" added',
      'تقدر تستخدم نقاطك على كل المشتريات بدون استثناء، وكل 100 نقطة تساوي خصم 1.000 دينار [loyalty#3].',
      POINTS,
    ],
    [
      'places added past the list',
      'We ship to Saudi Arabia, Bahrain, the UAE, Qatar and Oman, as well as most other countries on request [international-shipping#1].',
      GCC_SHIPPING,
    ],
    [
      'a year said for six months',
      'بطاقة الهدية صالحة لمدة ستة أشهر من تاريخ الشراء [gift-cards#2].',
      GIFT_VALIDITY,
    ],
    [
      'a fee where the source says there is none, with no word of negation',
      'بالفرع فيه رسوم بسيطة على الاستبدال، والاستبدال يصير فوراً إذا المقاس أو اللون متوفر [exchanges#3].',
      EXCHANGE_WAYS,
    ],
    [
      'an upper bound ("not over") turned into a lower one',
      'Cash on delivery is available inside Bahrain only, for orders over BHD 80 [payments#3].',
      COD_LIMIT,
    ],
    [
      "another limit's value under the limit's own words",
      'الدفع عند الاستلام متاح داخل البحرين فقط وللطلبات التي لا تتجاوز 25 دينارا [payments#3].',
      COD_LIMIT,
    ],
  ])('%s', (_case, draft, ...chunks) => {
    expect(verdict(draft, ...chunks).passed).toBe(false);
  });
});

describe('the facts check lets a faithful draft through', () => {
  it.each<Case>([
    [
      'a copied sentence',
      'You can return items within 21 days of the delivery date [retail-returns#2].',
      RETURNS,
    ],
    ['Arabic with a clitic the chunk does not write', 'لدينا فرع في جدة [ar-stores#1].', AR_STORES],
    ['Gulf dialect', 'الفروع اللي عندنا في الرياض وجدة [ar-stores#1].', AR_STORES],
    ['an Arabic answer citing an English chunk', 'لدينا فروع في الرياض وجدة [stores#1].', STORES],
    [
      'an English answer citing an Arabic chunk',
      'You can return products within 21 days of the delivery date, provided they are unworn, unwashed and unaltered, with their original tags attached and in the original Sanaa garment bag [ar-retail-returns#2].',
      AR_RETURNS,
    ],
    [
      'an Arabic answer on working days from an English chunk',
      'يتم فحص المنتجات المرتجعة في مستودعنا في الرياض خلال 3 أيام عمل [refund-timelines#1].',
      WAREHOUSE,
    ],
    [
      'a condition kept in other words',
      'Unopened fragrances can be returned within 7 days [fragrance#1].',
      PERFUME,
    ],
    [
      'the Arabic negation kept',
      'لا يوجد استرداد نقدي لبطاقات الهدايا [ar-gift-card-terms#1].',
      AR_GIFT,
    ],
    [
      'a non-returnable list restated',
      'Lingerie and swimwear cannot be returned [retail-returns#3].',
      NOT_RETURNABLE,
    ],
    [
      'the price of its own case in a list of cases',
      'Hemming costs BHD 2.000 for sale items, and it is free for full-price items [tailoring#1].',
      ALTERATIONS,
    ],
    [
      'a refund to a bank account beside a line on credit or debit cards',
      'BenefitPay refunds go back to the linked bank account within 2 working days [refunds#2].',
      REFUND_CHANNELS,
    ],
    [
      "a way of paying's own refund channel",
      'If you paid cash on delivery, you can take store credit straight away or a bank transfer within 7 working days [refunds#4].',
      REFUND_BY_PAYMENT,
    ],
    [
      'a refund to the card behind Apple Pay',
      'The refund goes back to the card linked to your Apple Pay within 3 to 7 working days [refunds#4].',
      REFUND_BY_PAYMENT,
    ],
    [
      'the contact channel kept',
      'أبلغنا عبر واتساب خلال 48 ساعة من الاستلام [damaged#1].',
      REPORT_DAMAGE,
    ],
    [
      "a tier's rate as a number, its yearly threshold kept",
      'في المستوى الذهبي تحصل على 2 نقطة لكل دينار، إذا كان إنفاقك من 300 إلى 799 دينارا في السنة [loyalty#2].',
      TIERS,
    ],
    [
      'the year spending is counted over, in English',
      'Your tier is set again on 1 January each year, based on what you spent in the previous year [loyalty#4].',
      TIER_REVIEW,
    ],
    [
      'the shipping list restated',
      'We ship to Saudi Arabia, Bahrain, the UAE, Qatar and Oman [international-shipping#1].',
      GCC_SHIPPING,
    ],
    [
      '12 months said as a year, in words',
      'بطاقة الهدية صالحة لمدة سنة من تاريخ الشراء [gift-cards#2].',
      GIFT_VALIDITY,
    ],
    [
      'a price in words with its scale',
      'Every hundred points are worth one dinar off, from five hundred points [loyalty#3].',
      POINTS,
    ],
    [
      '"without any fee" with a clitic, and a Gulf "you can"',
      'تقدر تستبدل في الفرع فوراً إذا المقاس أو اللون متوفر، وبدون أي رسوم [exchanges#3].',
      EXCHANGE_WAYS,
    ],
    [
      'a condition with its own "not"',
      'A size change is possible by chat as long as the order has not been packed [order-changes#2].',
      ORDER_CHANGES,
    ],
    [
      'a period from the moment the chunk counts it from',
      'Online orders can be exchanged within 14 days of delivery [exchanges#1].',
      EXCHANGE_WINDOW,
    ],
    [
      '"not over" restated as "up to", in English',
      'Cash on delivery is available inside Bahrain only, for orders of up to BHD 80 [payments#3].',
      COD_LIMIT,
    ],
    [
      'a limit in a clause that shares more words with the fee beside it',
      'رسوم الدفع عند الاستلام 0.500 دينار لكل طلب، وهو متاح داخل البحرين فقط وللطلبات التي لا تتجاوز 80 دينارا [payments#3].',
      COD_LIMIT,
    ],
  ])('%s', (_case, draft, ...chunks) => {
    const result = verdict(draft, ...chunks);
    expect(result.sentences.filter((sentence) => !sentence.ok)).toEqual([]);
    expect(result.passed).toBe(true);
  });
});
