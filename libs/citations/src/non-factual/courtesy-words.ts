import { readFileSync } from 'node:fs';
import { conceptsOf } from '@support/language';
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
) as { heads?: Languages; words?: Languages; lead_in?: Languages; name_after?: Languages };
const HEADS = wordsOf(raw.heads, 'heads');
const WORDS = new Set([...HEADS, ...wordsOf(raw.words, 'words')]);
const LEAD_IN_WORDS = new Set([...WORDS, ...wordsOf(raw.lead_in, 'lead_in')]);
const forbiddenWord = [...LEAD_IN_WORDS].find((word) => NEVER_IN_A_LINE.has(word));
if (forbiddenWord !== undefined)
  throw new Error(`${DATA_FILE}: "${forbiddenWord}" is a never_in_a_line word`);

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
function madeOf(text: string, allowed: ReadonlySet<string>): string[] | undefined {
  // Every factual sentence of a reply comes here: its words, cheap to look up, rule it out first.
  const words = checkWords(text);
  const written = text.replace(/['\u2019]/g, '').match(RAW_WORD) ?? [];
  if (words.length === 0 || written.length !== words.length) return undefined;
  const nameStart = closingNameStart(words);
  let named = false;
  let names = 0;
  for (const [index, word] of words.entries()) {
    if (NEVER_IN_A_LINE.has(word)) return undefined;
    if (allowed.has(word)) continue;
    if (index >= nameStart) {
      named = true;
      continue;
    }
    if (index === 0 || !CAPITALISED_LATIN.test(written[index]!) || ++names > MAX_NAME_WORDS)
      return undefined;
  }
  if (/\p{Nd}/u.test(text) || extractQuantities(text).length > 0) return undefined;
  // Read for concepts only when the line needs its closing name, not for every factual sentence.
  if (named && !namesNothingOfTheShop(words.slice(nameStart + 1))) return undefined;
  return words;
}

/**
 * Whether a sentence (through `normalizeForChecks`, citation markers stripped) is a courtesy line
 * in the model's own words: made of the words of courtesy-words.yaml ({@link madeOf}), at least
 * one a head word ("hello", "sorry", "يعطيك").
 */
export function isCourtesyWording(text: string): boolean {
  return madeOf(text, WORDS)?.some((word) => HEADS.has(word)) ?? false;
}

/**
 * Whether a sentence is a lead-in in the model's own words: it ends with a colon and is made of the
 * lead-in and courtesy words of courtesy-words.yaml ("Here's how it works:", "الفرق باختصار:").
 */
export function isLeadInWording(text: string): boolean {
  return /[:\uFF1A]\s*$/u.test(text) && madeOf(text, LEAD_IN_WORDS) !== undefined;
}
