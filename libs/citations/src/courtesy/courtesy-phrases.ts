/**
 * The only sentences a reply may hold without a citation. Each is matched as a whole clause after
 * normalisation (case, punctuation, diacritics, Arabic letter forms), never as a prefix: "Thank
 * you, returns are free forever" is not a courtesy phrase followed by anything. A sentence may
 * chain several ("Hi, thank you for reaching out!"). Nothing here states a fact, makes an offer
 * or asks the customer for anything but to rephrase.
 */

export const GREETING_PHRASES: readonly string[] = [
  'hi',
  'hello',
  'hey',
  'hi there',
  'hello there',
  'welcome',
  'welcome back',
  'good morning',
  'good afternoon',
  'good evening',
  'مرحباً',
  'مرحباً بك',
  'مرحباً بكم',
  'أهلاً',
  'أهلاً بك',
  'أهلاً بكم',
  'أهلاً وسهلاً',
  'هلا',
  'يا هلا',
  'حياك الله',
  'السلام عليكم',
  'وعليكم السلام',
  'صباح الخير',
  'مساء الخير',
];

export const THANKS_PHRASES: readonly string[] = [
  'thank you',
  'thanks',
  'thank you very much',
  'thank you for contacting us',
  'thank you for reaching out',
  'thanks for reaching out',
  'thank you for your message',
  'thank you for your patience',
  "you're welcome",
  'you are welcome',
  'my pleasure',
  'شكراً',
  'شكراً لك',
  'شكراً جزيلاً',
  'شكراً لتواصلك',
  'شكراً لتواصلك معنا',
  'شكراً لصبرك',
  'شكراً على صبرك',
  'العفو',
  'عفواً',
  'على الرحب والسعة',
  'يعطيك العافية',
];

export const SYMPATHY_PHRASES: readonly string[] = [
  "i'm sorry to hear that",
  'i am sorry to hear that',
  'sorry for the inconvenience',
  'we apologise for the inconvenience',
  'we apologize for the inconvenience',
  'نأسف لسماع ذلك',
  'نعتذر عن الإزعاج',
];

export const CLOSING_PHRASES: readonly string[] = [
  'is there anything else i can help you with',
  'is there anything else i can help with',
  'can i help you with anything else',
  'anything else i can help with',
  'let me know if you need anything else',
  'have a great day',
  'have a nice day',
  'take care',
  'goodbye',
  'هل هناك شيء آخر يمكنني مساعدتك به',
  'هل تحتاج إلى مساعدة أخرى',
  'هل تحتاجين إلى مساعدة أخرى',
  'أي خدمة ثانية',
  'في شي ثاني أقدر أساعدك فيه',
  'نتمنى لك يوماً سعيداً',
  'يومك سعيد',
  'مع السلامة',
  'في أمان الله',
];

/** Asked when the chunks do not answer the question (the extractive responder's rephrase request). */
export const CLARIFICATION_PHRASES: readonly string[] = [
  'could you rephrase your question',
  'could you rephrase your question, or tell me a little more about what you need',
  'could you tell me a little more about what you need',
  'هل يمكنك إعادة صياغة سؤالك',
  'هل يمكنك إعادة صياغة سؤالك أو توضيح ما تحتاجه بتفصيل أكثر',
];

export const COURTESY_PHRASES: readonly string[] = [
  ...GREETING_PHRASES,
  ...THANKS_PHRASES,
  ...SYMPATHY_PHRASES,
  ...CLOSING_PHRASES,
  ...CLARIFICATION_PHRASES,
];
