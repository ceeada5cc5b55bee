import type { PageLanguage } from './i18n.js';

const ARABIC_LETTER = /[\u0600-\u06FF\u0750-\u077F\u08A0-\u08FF\uFB50-\uFDFF\uFE70-\uFEFF]/u;
const LETTER = /\p{L}/u;

/**
 * The language a text is written in, by its letters: Arabic when Arabic letters are more than
 * half of them, else English. Each message element gets its own `lang` and `dir` from it, so an
 * Arabic message in an English page (or the other way round) reads in its own direction, its
 * full stop on the right side.
 */
export function languageOfText(text: string | null | undefined): PageLanguage {
  let letters = 0;
  let arabic = 0;
  for (const ch of String(text ?? '')) {
    if (!LETTER.test(ch)) continue;
    letters += 1;
    if (ARABIC_LETTER.test(ch)) arabic += 1;
  }
  return letters > 0 && arabic / letters > 0.5 ? 'ar' : 'en';
}

export function directionOfText(text: string | null | undefined): 'rtl' | 'ltr' {
  return languageOfText(text) === 'ar' ? 'rtl' : 'ltr';
}

/** Sets `lang` and `dir` on an element that holds `text` (a message, a question, a reply). */
export function markLanguage<E extends HTMLElement>(node: E, text: string | null | undefined): E {
  const language = languageOfText(text);
  node.lang = language;
  node.dir = language === 'ar' ? 'rtl' : 'ltr';
  return node;
}

// A run of the other script inside a message: words, with the spaces, digits and punctuation
// between them, from a letter to a letter or digit ("Embroidered linen kaftan, sand × 1").
const RUN_OF: Record<PageLanguage, RegExp> = {
  ar: /[\p{Script=Latin}][\p{Script=Latin}\p{Nd} ,.'’&()×/+-]*[\p{Script=Latin}\p{Nd})]|[\p{Script=Latin}]/gu,
  en: /[\p{Script=Arabic}][\p{Script=Arabic}\p{Nd} ،.]*[\p{Script=Arabic}\p{Nd}]|[\p{Script=Arabic}]/gu,
};

/**
 * A message's text as nodes, each run of the other script wrapped in `<bdi>`: an English product
 * name in an Arabic sentence (or an Arabic word in an English one) is laid out as one unit in its
 * own direction, so its commas and the sentence's full stop stay where they belong.
 */
export function isolatedRuns(text: string, messageLanguage: PageLanguage): Node[] {
  const nodes: Node[] = [];
  let last = 0;
  for (const match of text.matchAll(RUN_OF[messageLanguage])) {
    if (match.index > last) nodes.push(document.createTextNode(text.slice(last, match.index)));
    const run = document.createElement('bdi');
    // Named, not left to `auto`: an inline-block box takes its direction from the attribute.
    run.dir = messageLanguage === 'ar' ? 'ltr' : 'rtl';
    run.textContent = match[0];
    nodes.push(run);
    last = match.index + match[0].length;
  }
  if (last < text.length) nodes.push(document.createTextNode(text.slice(last)));
  return nodes;
}
