import { normalizeText } from '@support/text';
import type { QuestionType } from './question-type.js';

// Arabic patterns are written folded (ا for أ/إ/آ, ه for ة, ي for ى), as normalizeText leaves them.
const NUMBER_WORD =
  /\b(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fourteen|fifteen|twenty|thirty|a|an|same|next|few|several)\b|(?:^|\s)(?:واحد|واحده|اثنين|اثنتين|ثلاث|ثلاثه|اربع|اربعه|خمس|خمسه|ست|سته|سبع|سبعه|عشر|عشره|نفس|بضع|عده)(?:\s|$)/;

const ANSWER_CUES: Readonly<Record<Exclude<QuestionType, 'other'>, (text: string) => boolean>> = {
  duration: (text) =>
    /\d\s*(?:-|–|to|and|or|الي|او|و)?\s*\d*\s*(?:\+\s*)?(?:business |working |calendar |hours? |days? )?(?:minutes?|hours?|days?|weeks?|months?|years?|دقيقه|دقائق|ساعه|ساعات|يوم|يوما|ايام|اسبوع|اسابيع|شهر|شهرا|اشهر|شهور|سنه|سنوات|عام|اعوام)/.test(
      text,
    ) ||
    (NUMBER_WORD.test(text) &&
      /\b(?:minutes?|hours?|days?|weeks?|months?|years?)\b|(?:دقيقه|ساعه|ساعات|يوم|ايام|اسبوع|اسابيع|شهر|سنه|عام)/.test(
        text,
      )) ||
    // A time of day answers "what time" and "when does it close".
    /\d\s*(?:am|pm|a\.m|p\.m)\b|\b(?:noon|midnight)\b|\d\s*(?:صباحا|مساء|ظهرا)|منتصف الليل/.test(
      text,
    ) ||
    /\b(?:same[- ]day|next[- ]day|overnight|immediately|instantly|right away|a year|a month|a week)\b|يومين|ساعتين|اسبوعين|شهرين|سنتين|فورا|فوري|نفس اليوم|اليوم نفسه|اليوم التالي/.test(
      text,
    ),
  amount: (text) =>
    /\d(?:[\d,.]*)\s*(?:%|sar|aed|kwd|qar|bhd|omr|egp|usd|riyals?|dirhams?|dinars?|pounds?|ريال|درهم|دينار|جنيه|ر\.س|د\.ا)|(?:sar|aed|kwd|qar|bhd|omr|usd|\$)\s*\d/.test(
      text,
    ) ||
    /\b(?:free|no (?:extra )?(?:charge|cost|fee)|at no cost|no additional)\b|مجان|بدون رسوم|دون رسوم|بلا رسوم/.test(
      text,
    ),
  place: (text) =>
    /\b(?:to|in|at|from|across|within|outside)\s+(?:all\s+|the\s+)?[A-Z][a-z]/.test(text) ||
    /\b(?:cities|city|countries|country|gcc|branch(?:es)?|stores?|showroom|warehouse|address|location|region|areas?|worldwide|international(?:ly)?|locally|nationwide)\b/i.test(
      text,
    ) ||
    /(?:^|\s)(?:ال)?(?:مدينه|مدن|دول|دوله|فرع|فروع|متجر|معرض|مستودع|عنوان|منطقه|مناطق|الخليج|الخليجي|دولي|داخل|خارج)(?:\s|$)/.test(
      normalizeText(text),
    ),
  procedure: (text) =>
    /^(?:to |first |then |please )?(?:open|go|tap|click|select|choose|pick|enter|fill|send|email|call|contact|visit|log|sign|request|start|use|write|reply|bring|pack|book|print|attach|upload|message|chat)\b/i.test(
      text,
    ) ||
    /\b(?:by (?:\w+ing)|through|via|from (?:the|your) (?:app|website|account|orders? page)|in (?:the|your) (?:app|account)|using the|steps?)\b/i.test(
      text,
    ) ||
    /(?:^|\s)(?:افتح|اذهب|اضغط|اختر|ادخل|املا|ارسل|اتصل|تواصل|زر|سجل|اطلب|ابدا|استخدم|اكتب|عبر|خلال صفحه|من خلال|بواسطه|عن طريق|الخطوات|قم)(?:\s|$)/.test(
      normalizeText(text),
    ),
  options: (text) =>
    (text.match(/[,،]/g) ?? []).length >= 1 ||
    /\b(?:or|either|options?|methods?|accept|accepted|available|offer|choose)\b/i.test(text) ||
    // On folded text: "وسائل" reads "وسايل", "المتاحة" "المتاحه".
    /(?:^|\s)(?:او|نقبل|نوفر|(?:ال)?متاح|(?:ال)?متاحه|تختار|(?:ال)?خيارات|(?:ال)?طرق|(?:ال)?وسايل)(?:\s|$)/.test(
      normalizeText(text),
    ),
  // A yes/no policy question is answered by a rule: a modal, a negation, a limit, or a
  // number (an amount, a duration) that says on what terms.
  yes_no: (text) =>
    ANSWER_CUES.amount(text) ||
    ANSWER_CUES.duration(text) ||
    /\b(?:can|cannot|can't|may|must|only|not|no|never|all|any|every|allowed|eligible|free|unless|except|accept|accepted|available|included|require[sd]?|need|yes)\b/i.test(
      text,
    ) ||
    /(?:^|\s)(?:يمكن|يمكنك|يمكنكم|لا|لن|ليس|ليست|غير|فقط|يجب|يشترط|مسموح|متاح|متاحه|نقبل|مجاني|مجانا|الا|كل|جميع|نعم)(?:\s|$)/.test(
      normalizeText(text),
    ),
};

// Sentences that name an amount without stating one: "you do not pay any fee to return a
// damaged item" still answers "is it free?", less surely than "returns are free".
const NAMES_AMOUNT =
  /\b(?:fees?|charged?|charges|costs?|price[sd]?|pay|paid)\b|(?:^|\s)(?:رسوم|الرسوم|تكلفه|سعر|يدفع|تدفع|دفع)(?:\s|$)/;

/** Whether a sentence has the kind of fact a question of this type asks for. `other` takes any. */
export function answersType(sentence: string, type: QuestionType): boolean {
  return answerStrength(sentence, type) === 'full';
}

/**
 * `full` when a sentence states the kind of fact asked for, `named` when it only names it (a fee
 * without a figure), `none` otherwise. `other` takes any sentence.
 */
export function answerStrength(sentence: string, type: QuestionType): 'full' | 'named' | 'none' {
  if (type === 'other') return 'full';
  const raw = sentence.normalize('NFKC');
  const text = normalizeText(raw);
  // Place names are capitalised in English; every other cue reads the lowercase, folded text.
  if (ANSWER_CUES[type](type === 'place' ? raw : text)) return 'full';
  if ((type === 'amount' || type === 'yes_no') && NAMES_AMOUNT.test(text)) return 'named';
  return 'none';
}
