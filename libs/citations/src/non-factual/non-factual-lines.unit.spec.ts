import { describe, expect, it } from '@jest/globals';
import { normalizeForChecks } from '@support/text';
import { extractQuantities } from '../quantities/extract-quantities.js';
import { NON_FACTUAL_LINES, type NonFactualKind } from './non-factual-lines.js';
import { nonFactualLineOf } from './read-non-factual-line.js';

const read = (sentence: string) => nonFactualLineOf(normalizeForChecks(sentence));
const kinds = Object.keys(NON_FACTUAL_LINES) as NonFactualKind[];

describe('the non-factual lines data', () => {
  it('gives every kind a reason and phrases in both languages', () => {
    for (const kind of kinds) {
      expect(NON_FACTUAL_LINES[kind].why.length).toBeGreaterThan(20);
      expect(NON_FACTUAL_LINES[kind].en.length).toBeGreaterThan(0);
      expect(NON_FACTUAL_LINES[kind].ar.length).toBeGreaterThan(0);
    }
  });

  it('holds no phrase that states a number', () => {
    for (const kind of kinds)
      for (const phrase of [...NON_FACTUAL_LINES[kind].en, ...NON_FACTUAL_LINES[kind].ar]) {
        expect(phrase).not.toMatch(/\p{Nd}/u);
        expect(extractQuantities(normalizeForChecks(phrase))).toEqual([]);
      }
  });

  it('reads each of its own phrases as its kind', () => {
    for (const kind of kinds)
      for (const phrase of [...NON_FACTUAL_LINES[kind].en, ...NON_FACTUAL_LINES[kind].ar])
        expect(read(phrase)?.kinds).toEqual([kind]);
  });
});

describe('nonFactualLineOf', () => {
  it.each([
    'Hi!',
    'HELLO THERE.',
    'Thank you for reaching out!',
    'Hi, thank you for your message.',
    "I'm sorry to hear that.",
    'Is there anything else I can help you with?',
    'Could you rephrase your question, or tell me a little more about what you need?',
    'مرحباً!',
    'مرحبا',
    'أهلاً وسهلاً، شكراً لتواصلك معنا.',
    'هل هناك شيء آخر يمكنني مساعدتك به؟',
    'أي خدمة ثانية؟',
    'هل يمكنك إعادة صياغة سؤالك أو توضيح ما تحتاجه بتفصيل أكثر؟',
    'Thank\u200B you!',
    'شك\u200Cراً',
    'Thank you [returns#1].',
    // Issue 29's harmless model phrasing.
    'Let me know if you have any other questions!',
    'هل تحتاج أي مساعدة أخرى؟',
    'Sure!',
    'Here is our return policy:',
    'Sure, here are the details:',
    'إليك سياسة الإرجاع لدينا:',
  ])('takes %j', (sentence) => {
    expect(read(sentence)).toBeDefined();
  });

  it.each([
    'Thanks, returns are free.',
    'Thank you for shopping, your refund is on its way.',
    'Is there anything else I can refund for you?',
    'Feel free to send back anything at any time.',
    'Let me know if you need a refund.',
    'شكراً، الإرجاع مجاني دائماً.',
    'مرحباً بك في عرض الاسترجاع المفتوح',
    // "Yes." answers the question, which no chunk vouches for: it can contradict its answer.
    'Yes.',
    'نعم!',
    '',
    // A lead-in states nothing only as the colon-ended line before what it introduces.
    'Here is our return policy.',
    'Here is our return policy: returns are free.',
    'Here is our return policy: 90 days',
    'Here are the details: hi',
    'Here is our 90-day return policy:',
    'Sure, returns are free!',
    'Let me know if you have any other questions within 90 days!',
  ])('refuses %j', (sentence) => {
    expect(read(sentence)).toBeUndefined();
  });

  it.each([
    'Hi Sara!',
    'Hello and welcome to Qasr Al Waha Fashion!',
    'Sorry about the mix-up!',
    "You're welcome, and great question!",
    'Thank you for shopping with Danah Atelier!',
    'يعطيك العافية على صبرك!',
    // Arabic has no capitals: the shop's name is the words closing the line after في / مع.
    'مرحبا بك في قصر الواحة!',
    'وعليكم السلام ورحمة الله، أهلاً بك في دانة أتيليه!',
    'يسعدني أساعدك!',
    // Fixed expressions, whose "no" or "لا" negates nothing, and "و" glued onto a courtesy word.
    'No worries!',
    'I hope this helps — feel free to reach out if you have any other questions!',
    'We look forward to seeing you!',
    'Have a lovely evening!',
    'Wa alaikum assalam!',
    'Ramadan Kareem!',
    'ولا يهمك!',
    'مساء النور، واهلا وسهلا فيك!',
    'نتشرف بزيارتك، واذا عندك اي استفسار ثاني انا حاضر!',
    'شكرا لتواصلك معنا، ويسعدني اساعدك في اي شي ثاني.',
    'تبي اساعدك بشي ثاني؟',
  ])('reads %j as a courtesy line in the model’s own words, beside an answer', (sentence) => {
    expect(read(sentence)).toEqual({ kinds: ['courtesy'], needsAnswer: true, rephrase: false });
  });

  it.each([
    'Welcome to Free Delivery Week!',
    'مرحبا بك في التوصيل المجاني!',
    'مرحبا بك في الاسترجاع الكامل لكل الطلبات',
    'مرحبا بك في الإرجاع خلال 30 يوم',
    'Thank you for shopping with us for 30 days!',
    'Hello, returns are accepted!',
    'Hello and welcome to qasr al waha fashion!',
    'Welcome to The Big Red Sale Store Outlet!',
    'You and your message.',
    // An expression of courtesy does not carry the fact beside it.
    'No worries, returns are free!',
    'Feel free to return it any time!',
    'No problem, we refund you!',
    'Have a lovely day and enjoy 20% off!',
    'ولا يهمك، الاسترجاع مجاني!',
    'ولا تتردد ترجعها في أي وقت!',
    // "ولا" is "لا": a negation, glued or not.
    'ولا شكراً',
    // The words after في name the shop only when they are not courtesy words and name no concept.
    'مرحبا بك في خدمة التوصيل السريع',
  ])('refuses %j as a courtesy line', (sentence) => {
    expect(read(sentence)).toBeUndefined();
  });

  it('says which lines need an answer beside them and which ask to rephrase', () => {
    expect(read('Sure!')).toMatchObject({ needsAnswer: true, rephrase: false });
    expect(read('Here is our return policy:')).toMatchObject({ needsAnswer: true });
    expect(read('Hi!')).toMatchObject({ needsAnswer: false, rephrase: false });
    expect(read('هل يمكنك إعادة صياغة سؤالك؟')).toMatchObject({ rephrase: true });
  });
});
