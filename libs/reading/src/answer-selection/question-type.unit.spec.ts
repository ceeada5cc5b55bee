import { describe, expect, it } from '@jest/globals';
import { detectQuestionType, questionParts } from './question-type.js';

describe('detectQuestionType', () => {
  it.each([
    // duration
    ['How long does delivery to Muscat take?', 'duration'],
    ['How many days do I have to return a skirt?', 'duration'],
    ['When will my refund arrive?', 'duration'],
    ['متى يوصل طلبي؟', 'duration'],
    ['بطاقة الهدية قديش مدتها؟', 'duration'],
    ['إمتى توصل الشحنة؟', 'duration'],
    ['كم يوم ياخذ التوصيل؟', 'duration'],
    ['كم مدة الاستبدال؟', 'duration'],
    ['الفلوس هترجع بعد قد إيه؟', 'duration'],
    // amount
    ['How much is express delivery?', 'amount'],
    ['What is the fee for cash on delivery?', 'amount'],
    ['Is delivery free?', 'amount'],
    ['When is delivery free?', 'amount'],
    ['بكم التوصيل للرياض؟', 'amount'],
    ['بكام الشحن؟', 'amount'],
    ['كم رسوم الدفع عند الاستلام؟', 'amount'],
    ['Is there any extra charge for gift wrapping?', 'amount'],
    ['متى يكون التوصيل مجاني؟', 'amount'],
    ['أبغى بطاقة هدية بقيمة 75 دينار', 'amount'],
    ['I want a 30 KWD voucher', 'amount'],
    // count
    ['How many points do silver members get per dirham?', 'count'],
    ['كم نقطة احتاج عشان ينخصم دينار؟', 'count'],
    ['plz whats ur whatsapp number?', 'count'],
    ['وش رقم الواتساب حقكم؟', 'count'],
    // a yes/no question about a named sum is settled by a limit
    ['Can I pay a 4000 SAR order in cash?', 'amount'],
    ['هل يمكن دفع طلب بقيمة 4000 ريال عند الاستلام؟', 'amount'],
    // place
    ['Where do you deliver?', 'place'],
    ['Which countries do you ship to?', 'place'],
    ['وين تشحنون؟', 'place'],
    ['فين الفرع؟', 'place'],
    // procedure
    ['How do I return an item?', 'procedure'],
    ['How can I change my address?', 'procedure'],
    ['شلون ارجع الفستان؟', 'procedure'],
    ['ازاي الغي الطلب؟', 'procedure'],
    ['كيف أتتبع الشحنة؟', 'procedure'],
    ['شو لازم أعمل إذا وصلني فستان ممزق؟', 'procedure'],
    ['وش اسوي اذا الطلب تأخر؟', 'procedure'],
    // options
    ['Which payment methods do you accept?', 'options'],
    ['What payment options are there?', 'options'],
    ['ما هي طرق الدفع؟', 'options'],
    // yes / no
    ['Can I return earrings?', 'yes_no'],
    ['Do you accept Apple Pay?', 'yes_no'],
    ['هل يمكن إرجاع العباية؟', 'yes_no'],
    ['ينفع ابدل المقاس؟', 'yes_no'],
    ['أقدر أدفع بالبطاقة؟', 'yes_no'],
    ['يصير أرجع القطعة؟', 'yes_no'],
    // other
    ['Tell me about gift cards', 'other'],
    ['ابغى اعرف عن بطاقات الهدايا', 'other'],
  ])('%s → %s', (question, type) => {
    expect(detectQuestionType(question)).toBe(type);
  });
});

describe('questionParts', () => {
  it.each([
    ['Do you ship to Bahrain and how long does it take?', 2],
    ['Can I pay cash on delivery, and how long is the return window?', 2],
    ['Is pickup free? How do I book it?', 2],
    ['هل تشحنون للبحرين وكم يستغرق؟', 2],
    ['How long do refunds take?', 1],
    ['Can I exchange a dress and a skirt?', 1],
    ['هل يمكن إرجاع العباية والفستان؟', 1],
  ])('%s has %i part(s)', (question, count) => {
    expect(questionParts(question)).toHaveLength(count);
  });
});
