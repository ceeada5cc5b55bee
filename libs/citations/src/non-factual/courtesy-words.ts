import { readFileSync } from 'node:fs';
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
) as { heads?: Languages; words?: Languages };
const HEADS = wordsOf(raw.heads, 'heads');
const WORDS = new Set([...HEADS, ...wordsOf(raw.words, 'words')]);
const forbiddenWord = [...WORDS].find((word) => NEVER_IN_A_LINE.has(word));
if (forbiddenWord !== undefined)
  throw new Error(`${DATA_FILE}: "${forbiddenWord}" is a never_in_a_line word`);

// A name the line gives (the shop's): capitalised Latin words after the first word.
const MAX_NAME_WORDS = 4;
const RAW_WORD =
  /(?:(?=[\p{L}\p{M}])\p{Script=Arabic})+|(?:(?!\p{Script=Arabic})[\p{L}\p{M}\p{N}])+/gu;
const CAPITALISED_LATIN = /^\p{Lu}[\p{Script=Latin}\p{M}]*$/u;

/**
 * Whether a sentence (through `normalizeForChecks`, citation markers stripped) is a courtesy line
 * in the model's own words: every word is one of courtesy-words.yaml, at least one a head word
 * ("hello", "sorry", "يعطيك"), apart from at most four capitalised words inside it (the shop's
 * name), and it holds no digit, no quantity and no `never_in_a_line` word of non-factual-lines.yaml.
 */
export function isCourtesyWording(text: string): boolean {
  if (/\p{Nd}/u.test(text) || extractQuantities(text).length > 0) return false;
  const words = checkWords(text);
  const written = text.replace(/['\u2019]/g, '').match(RAW_WORD) ?? [];
  if (words.length === 0 || written.length !== words.length) return false;
  let names = 0;
  for (const [index, word] of words.entries()) {
    if (NEVER_IN_A_LINE.has(word)) return false;
    if (WORDS.has(word)) continue;
    if (index === 0 || !CAPITALISED_LATIN.test(written[index]!) || ++names > MAX_NAME_WORDS)
      return false;
  }
  return words.some((word) => HEADS.has(word));
}
