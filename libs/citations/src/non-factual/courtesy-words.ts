import { readFileSync } from 'node:fs';
import { ARABIC_CONJUNCTION_CLITICS, conceptsOf } from '@support/language';
import { normalizeForChecks } from '@support/text';
import { parse } from 'yaml';
import { extractQuantities } from '../quantities/extract-quantities.js';
import { checkWords } from '../words/check-words.js';
import { NEVER_IN_A_LINE } from './non-factual-lines.js';

const DATA_FILE = 'courtesy-words.yaml';

interface Languages {
  readonly en?: unknown;
  readonly ar?: unknown;
}

function wordsOf(value: Languages | undefined, where: string): Set<string> {
  const all = [value?.en, value?.ar];
  if (!all.every((list) => Array.isArray(list) && list.every((w) => typeof w === 'string')))
    throw new Error(`${DATA_FILE}: ${where} needs an en and an ar list of words`);
  return new Set(
    (all as string[][]).flat().flatMap((word) => checkWords(normalizeForChecks(word))),
  );
}

const raw = parse(
  readFileSync(new URL(`../../src/non-factual/data/${DATA_FILE}`, import.meta.url), 'utf8'),
) as {
  heads?: Languages;
  words?: Languages;
  phrases?: Languages;
  lead_in?: Languages;
  name_after?: Languages;
};
const HEADS = wordsOf(raw.heads, 'heads');
const WORDS = new Set([...HEADS, ...wordsOf(raw.words, 'words')]);
const LEAD_IN_WORDS = new Set([...WORDS, ...wordsOf(raw.lead_in, 'lead_in')]);
const forbiddenWord = [...LEAD_IN_WORDS].find((word) => NEVER_IN_A_LINE.has(word));
if (forbiddenWord !== undefined)
  throw new Error(`${DATA_FILE}: "${forbiddenWord}" is a never_in_a_line word`);

function phrasesOf(value: Languages | undefined): string[][] {
  const all = [value?.en, value?.ar];
  if (!all.every((list) => Array.isArray(list) && list.every((p) => typeof p === 'string')))
    throw new Error(`${DATA_FILE}: phrases needs an en and an ar list of phrases`);
  return (all as string[][]).flat().map((phrase) => {
    const words = checkWords(normalizeForChecks(phrase));
    if (words.length < 2 || /\p{Nd}/u.test(phrase))
      throw new Error(`${DATA_FILE}: the phrase "${phrase}" needs two words or more and no digit`);
    return words;
  });
}
// Fixed expressions, each as a whole a head ("no worries", "feel free"; courtesy-words.yaml,
// phrases): their words may be never_in_a_line words ("no"), which state nothing inside one.
const PHRASES = phrasesOf(raw.phrases);

// Each phrase under its first word: a line's word looks up only the phrases that can start there.
const PHRASES_BY_FIRST = new Map<string, string[][]>();
for (const phrase of PHRASES)
  PHRASES_BY_FIRST.set(phrase[0]!, [...(PHRASES_BY_FIRST.get(phrase[0]!) ?? []), phrase]);

/** The indexes of the words that one of {@link PHRASES} covers, wherever it stands in the line. */
function phraseCovered(words: readonly string[]): Set<number> {
  const covered = new Set<number>();
  for (const [start, first] of words.entries())
    for (const phrase of formsOf(first).flatMap((form) => PHRASES_BY_FIRST.get(form) ?? []))
      if (phrase.every((word, offset) => sameWord(words[start + offset] ?? '', word)))
        for (let offset = 0; offset < phrase.length; offset += 1) covered.add(start + offset);
  return covered;
}

// The Arabic conjunctions glue onto any word (arabic-forms.yaml): it is read without them too.
const formsOf = (word: string): string[] => [
  word,
  ...ARABIC_CONJUNCTION_CLITICS.filter(
    (conjunction) => word.startsWith(conjunction) && word.length > conjunction.length + 1,
  ).map((conjunction) => word.slice(conjunction.length)),
];
const sameWord = (written: string, listed: string) => formsOf(written).includes(listed);
const isIn = (word: string, words: ReadonlySet<string>) =>
  formsOf(word).some((form) => words.has(form));

// A name the line gives (the shop's): capitalised Latin words after the first word, or, in Arabic,
// which has no capitals, the words that close the line after a `name_after` word ("at", "with").
const MAX_NAME_WORDS = 4;
const NAME_AFTER = wordsOf(raw.name_after, 'name_after');
const RAW_WORD =
  /(?:(?=[\p{L}\p{M}])\p{Script=Arabic})+|(?:(?!\p{Script=Arabic})[\p{L}\p{M}\p{N}])+/gu;
const CAPITALISED_LATIN = /^\p{Lu}[\p{Script=Latin}\p{M}]*$/u;

/**
 * Where an Arabic name closing the line may start: at its last `name_after` word, with at most four
 * words after it; the line's length when there is none.
 */
function closingNameStart(words: readonly string[]): number {
  const last = words.findLastIndex((word) => NAME_AFTER.has(word));
  const length = words.length - last - 1;
  return last <= 0 || length === 0 || length > MAX_NAME_WORDS ? words.length : last;
}

/**
 * A name says nothing the shop's concepts know: "welcome to free delivery" or "welcome to full
 * refunds" name a promise, not a shop.
 */
function namesNothingOfTheShop(words: readonly string[]): boolean {
  const { facts, terms } = conceptsOf(words.join(' '));
  return (
    facts.size === 0 && ![...terms].some((term) => term.startsWith('~') || term.startsWith('='))
  );
}

/**
 * Whether every word of a text is one of `allowed`, apart from the shop's name (at most four
 * capitalised words inside it, or the Arabic words closing it after `name_after`), with no digit,
 * no quantity and no `never_in_a_line` word of non-factual-lines.yaml.
 */
function madeOf(
  text: string,
  allowed: ReadonlySet<string>,
): { words: string[]; phrased: boolean } | undefined {
  // Every factual sentence of a reply comes here: its words, cheap to look up, rule it out first.
  const words = checkWords(text);
  const written = text.replace(/['\u2019]/g, '').match(RAW_WORD) ?? [];
  if (words.length === 0 || written.length !== words.length) return undefined;
  const nameStart = closingNameStart(words);
  const inPhrase = phraseCovered(words);
  const name: string[] = [];
  let names = 0;
  for (const [index, word] of words.entries()) {
    if (inPhrase.has(index)) continue;
    if (isIn(word, NEVER_IN_A_LINE)) return undefined;
    if (isIn(word, allowed)) continue;
    if (index >= nameStart) {
      name.push(word);
      continue;
    }
    if (index === 0 || !CAPITALISED_LATIN.test(written[index]!) || ++names > MAX_NAME_WORDS)
      return undefined;
  }
  const unphrased = words.filter((_word, index) => !inPhrase.has(index)).join(' ');
  if (/\p{Nd}/u.test(text) || extractQuantities(unphrased).length > 0) return undefined;
  // Read for concepts only when the line needs its closing name, not for every factual sentence.
  if (name.length > 0 && !namesNothingOfTheShop(name)) return undefined;
  return { words, phrased: inPhrase.size > 0 };
}

/**
 * Whether a sentence (through `normalizeForChecks`, citation markers stripped) is a courtesy line
 * in the model's own words: made of the words of courtesy-words.yaml ({@link madeOf}), with a
 * head word ("hello", "sorry") or one of its fixed expressions ("no worries").
 */
export function isCourtesyWording(text: string): boolean {
  const line = madeOf(text, WORDS);
  return line !== undefined && (line.phrased || line.words.some((word) => isIn(word, HEADS)));
}

/**
 * Whether a sentence is a lead-in in the model's own words: it ends with a colon and is made of the
 * lead-in and courtesy words of courtesy-words.yaml ("Here's how it works:", "الفرق باختصار:").
 */
export function isLeadInWording(text: string): boolean {
  return /[:\uFF1A]\s*$/u.test(text) && madeOf(text, LEAD_IN_WORDS) !== undefined;
}
