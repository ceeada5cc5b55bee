/** The countries and main cities a Gulf shop ships to, in both languages. */
export const GULF_PLACES: Readonly<Record<string, { en: string; ar: string }>> = {
  saudi: { en: 'saudi ksa', ar: 'السعودية سعودي السعوديه' },
  emirates: { en: 'uae emirates emirati', ar: 'الإمارات إماراتي الامارات' },
  kuwait: { en: 'kuwait kuwaiti', ar: 'الكويت كويتي' },
  qatar: { en: 'qatar qatari', ar: 'قطر قطري' },
  bahrain: { en: 'bahrain bahraini', ar: 'البحرين بحريني' },
  oman: { en: 'oman omani', ar: 'عمان عماني' },
  egypt: { en: 'egypt egyptian', ar: 'مصر مصري' },
  jordan: { en: 'jordan jordanian', ar: 'الأردن أردني' },
  gcc: { en: 'gcc gulf', ar: 'الخليج الخليجي الخليجية' },
  riyadh: { en: 'riyadh', ar: 'الرياض' },
  jeddah: { en: 'jeddah jedda', ar: 'جدة' },
  dammam: { en: 'dammam', ar: 'الدمام' },
  mecca: { en: 'mecca makkah', ar: 'مكة' },
  dubai: { en: 'dubai', ar: 'دبي' },
  abudhabi: { en: 'abudhabi', ar: 'أبوظبي ظبي' },
  sharjah: { en: 'sharjah', ar: 'الشارقة' },
  ajman: { en: 'ajman', ar: 'عجمان' },
  doha: { en: 'doha', ar: 'الدوحة' },
  muscat: { en: 'muscat', ar: 'مسقط' },
  salalah: { en: 'salalah', ar: 'صلالة' },
  manama: { en: 'manama', ar: 'المنامة' },
  cairo: { en: 'cairo', ar: 'القاهرة' },
};

/** The region's payment brands and instalment words, in both languages. */
export const GULF_PAYMENT_NAMES: Readonly<Record<string, { en: string; ar: string }>> = {
  visa: { en: 'visa', ar: 'فيزا' },
  mastercard: { en: 'mastercard', ar: 'ماستركارد ماستر' },
  amex: { en: 'amex', ar: 'أمريكان' },
  applepay: { en: 'applepay', ar: 'أبل آبل' },
  googlepay: { en: 'googlepay', ar: 'جوجل قوقل' },
  mada: { en: 'mada', ar: 'مدى' },
  knet: { en: 'knet', ar: 'كينت' },
  tabby: { en: 'tabby', ar: 'تابي' },
  tamara: { en: 'tamara', ar: 'تمارا' },
  paypal: { en: 'paypal', ar: 'بايبال' },
  benefitpay: { en: 'benefitpay', ar: 'بنفتباي' },
  stcpay: { en: 'stcpay', ar: 'اسستيسيباي' },
  instalment: {
    en: 'instalment instalments installment installments',
    ar: 'تقسيط التقسيط أقساط الأقساط قسط تقسيم تقسم يقسم مقسط',
  },
};

/**
 * Names every Gulf shop's customers and policies write in both languages: its places and payment
 * brands. A shop's own names (its stores, its wallet, a district) belong in its knowledge base's
 * glossary. Words as people write them; multi-word English names reach here as one word through
 * `GULF_PHRASES`.
 */
export const GULF_NAMES: Readonly<Record<string, { en: string; ar: string }>> = {
  ...GULF_PLACES,
  ...GULF_PAYMENT_NAMES,
};

/** English names of more than one word, as the one word `GULF_NAMES` lists. */
export const GULF_PHRASES: readonly [RegExp, string][] = [
  [/\bsaudi arabia\b/gi, 'saudi'],
  [/\bunited arab emirates\b/gi, 'uae'],
  [/\babu dhabi\b/gi, 'abudhabi'],
  [/\bamerican express\b/gi, 'amex'],
  [/\bapple pay\b/gi, 'applepay'],
  [/\bgoogle pay\b/gi, 'googlepay'],
  [/\bpay pal\b/gi, 'paypal'],
  [/\bk-?net\b/gi, 'knet'],
  [/\bbenefit\s*pay\b/gi, 'benefitpay'],
  [/\bstc\s*pay\b/gi, 'stcpay'],
];

/** Arabic names of more than one word, on folded text (ا for أ/إ/آ), as one word. */
export const GULF_ARABIC_PHRASES: readonly [RegExp, string][] = [
  [/(?:^|\s)ابو\s+ظبي(?![\u0621-\u064A])/g, ' ابوظبي'],
  [/(?:^|\s)كي\s+نت(?![\u0621-\u064A])/g, ' كينت'],
  [/(?:^|\s)باي\s+بال(?![\u0621-\u064A])/g, ' بايبال'],
  [/(?:^|\s)ماستر\s+كارد(?![\u0621-\u064A])/g, ' ماستركارد'],
  [/(?:^|\s)(?:بنفت|بينفت|بنفيت|بينيفت)\s*(?:باي)?(?![\u0621-\u064A])/g, ' بنفتباي'],
  [/(?:^|\s)(?:اس\s*تي\s*سي)\s*باي(?![\u0621-\u064A])/g, ' اسستيسيباي'],
];
