import { words } from '@support/language';
import { normalizeForChecks } from '@support/text';
import { foldLatinLookalikes } from './confusables.js';

/** One word or mark of a sentence as the reader-request rules read it. */
export interface ReaderToken {
  /** The word as read (lowercase, folded), or the mark: `,` `:` `"`. */
  readonly text: string;
  /** The forms a concept's word may match: the word, and for Arabic without its clitics. */
  readonly forms: readonly string[];
  readonly arabic: boolean;
  /** Whether a clause starts here (the sentence's first token, or after , ; : a dash or a bracket). */
  readonly clauseStart: boolean;
}

const ARABIC = /\p{Script=Arabic}/u;
// Words: an Arabic run, or a run of other letters and digits; marks that the rules read, and
// those that end a clause.
const PIECE = /(\p{Script=Arabic}+)|([\p{L}\p{N}]+)|([,،:"“”«»–—]|\s-\s)|([;؛()[\]?؟!.…])/gu;
const MARK: Readonly<Record<string, string>> = {
  ',': ',',
  '،': ',',
  ':': ':',
  '"': '"',
  '“': '"',
  '”': '"',
  '«': '"',
  '»': '"',
  '–': ',',
  '—': ',',
  ' - ': ',',
};
/** Where a sentence's parts end (; ( ) ? ! …): no pattern reaches across one. */
export const STOP = '|';
const BREAKS_AFTER = new Set([',', ':', STOP]);
const SINGLE_LATIN_LETTER = /^[a-z]$/;

// Conjunctions, prepositions and the article written onto an Arabic word, longest first; the
// pronouns written after it (the packs' clitic lists).
const PROCLITICS = words('clitic.reader_proclitics');
const ENCLITICS = words('clitic.reader_enclitics');
const MIN_STEM = 2;

/** Forms are read once per distinct word (Arabic text repeats its words); bounded. */
const FORMS_MEMO = new Map<string, string[]>();
const FORMS_MEMO_MAX = 50_000;

/** A word's Arabic forms: as written, without proclitics, without a pronoun (ة restored). */
export function arabicForms(word: string): string[] {
  let forms = FORMS_MEMO.get(word);
  if (forms === undefined) {
    if (FORMS_MEMO.size >= FORMS_MEMO_MAX) FORMS_MEMO.clear();
    forms = formsOf(word);
    FORMS_MEMO.set(word, forms);
  }
  return forms;
}

function formsOf(word: string): string[] {
  const forms = new Set([bare(word)]);
  const stems = [word];
  for (const prefix of PROCLITICS)
    if (word.startsWith(prefix) && word.length - prefix.length >= MIN_STEM)
      stems.push(word.slice(prefix.length));
  for (const stem of stems) {
    forms.add(bare(stem));
    if (stem.endsWith('ه')) forms.add(`${stem.slice(0, -1)}ة`);
    // The indefinite accusative writes an alif after the word: "مساعداً" is "مساعد".
    if (stem.endsWith('ا') && stem.length - 1 >= MIN_STEM) forms.add(bare(stem.slice(0, -1)));
    for (const suffix of ENCLITICS) {
      if (!stem.endsWith(suffix) || stem.length - suffix.length < MIN_STEM) continue;
      const root = stem.slice(0, -suffix.length);
      forms.add(bare(root));
      if (root.endsWith('ت')) forms.add(`${root.slice(0, -1)}ة`);
    }
  }
  return [...forms];
}

/** An Arabic word without its article: terms and text are compared this way. */
export function bare(word: string): string {
  return word.startsWith('ال') && word.length - 2 >= MIN_STEM ? word.slice(2) : word;
}

/**
 * The text as a reader sees it, in one spelling: invisible characters gone, NFKC, Arabic folded
 * (`normalizeForChecks`), letters of other scripts that look like Latin ones read as Latin
 * (Unicode's confusables), lowercase, Latin accents and apostrophes dropped.
 */
export function readerText(text: string): string {
  return foldLatinLookalikes(normalizeForChecks(text))
    .normalize('NFKD')
    .replace(/(?<=\p{Script=Latin})\p{Mn}+/gu, '')
    .normalize('NFC')
    .toLowerCase()
    .replace(/['’‘`´]/g, '');
}

/**
 * A sentence as the rules read it: its words and the marks they use, each word with the forms a
 * concept may match. A run of single Latin letters is one word ("C V V", "O.T.P" read "cvv",
 * "otp").
 */
export function readerTokens(sentence: string): ReaderToken[] {
  const tokens: ReaderToken[] = [];
  let clauseStart = true;
  let letters: string[] = [];
  const push = (text: string, arabic: boolean) => {
    tokens.push({ text, forms: arabic ? arabicForms(text) : [text], arabic, clauseStart });
    clauseStart = BREAKS_AFTER.has(text);
  };
  const flushLetters = () => {
    if (letters.length >= 2) push(letters.join(''), false);
    else for (const letter of letters) push(letter, false);
    letters = [];
  };
  for (const match of readerText(sentence).matchAll(PIECE)) {
    const [, arabicWord, word, mark, clauseBreak] = match;
    if (word !== undefined && SINGLE_LATIN_LETTER.test(word)) {
      letters.push(word);
      continue;
    }
    // "O.T.P": a full stop between single letters joins them.
    if (clauseBreak === '.' && letters.length > 0) continue;
    flushLetters();
    if (arabicWord !== undefined) push(arabicWord, true);
    else if (word !== undefined) push(word, false);
    else if (mark !== undefined) push(MARK[mark]!, false);
    else if (tokens.length > 0 && tokens.at(-1)!.text !== STOP) push(STOP, false);
  }
  flushLetters();
  return tokens;
}

export const isArabic = (text: string): boolean => ARABIC.test(text);
