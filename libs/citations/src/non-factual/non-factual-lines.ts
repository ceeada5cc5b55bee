import { readFileSync } from 'node:fs';
import { normalizeForChecks } from '@support/text';
import { parse } from 'yaml';
import { extractQuantities } from '../quantities/extract-quantities.js';
import { checkWords } from '../words/check-words.js';

/** The kinds of line a reply may hold without a citation (`data/non-factual-lines.yaml`). */
export type NonFactualKind =
  'greeting' | 'thanks' | 'sympathy' | 'closing' | 'acknowledgement' | 'lead_in' | 'rephrase';

/** One kind of non-factual line, as the data file gives it. */
export interface NonFactualKindData {
  readonly why: string;
  /** Harmless only beside a cited sentence of the same reply. */
  readonly needsAnswer: boolean;
  /** Must end the sentence with a colon (a lead-in). */
  readonly endsWithColon: boolean;
  /** The bot asks the customer to rephrase: the turn is not answered. */
  readonly rephrase: boolean;
  /** The phrases as the customer reads them, the first of each language the one the bot says. */
  readonly en: readonly string[];
  readonly ar: readonly string[];
}

interface RawKind {
  readonly why?: unknown;
  readonly needs_answer?: unknown;
  readonly ends_with_colon?: unknown;
  readonly rephrase?: unknown;
  readonly en?: unknown;
  readonly ar?: unknown;
}

const KINDS: readonly NonFactualKind[] = [
  'greeting',
  'thanks',
  'sympathy',
  'closing',
  'acknowledgement',
  'lead_in',
  'rephrase',
];

const DATA_FILE = 'non-factual-lines.yaml';

function fail(message: string): never {
  throw new Error(`${DATA_FILE}: ${message}`);
}

function phrasesOf(value: unknown, where: string): string[] {
  if (!Array.isArray(value) || value.length === 0 || !value.every((p) => typeof p === 'string'))
    fail(`${where} must be a non-empty list of phrases`);
  return value as string[];
}

/**
 * The words of a phrase as a sentence is compared with it: through the same normalisation a draft
 * goes through, then lowercased and folded (`checkWords`).
 */
export function lineKey(text: string): string {
  return checkWords(normalizeForChecks(text)).join(' ');
}

/** Refuses a phrase that could state something: a number, a quantity or a word the data forbids. */
function checkPhrase(phrase: string, where: string, forbidden: ReadonlySet<string>): void {
  const normalized = normalizeForChecks(phrase);
  if (/\p{Nd}/u.test(normalized)) fail(`${where} "${phrase}" holds a digit`);
  if (extractQuantities(normalized).length > 0) fail(`${where} "${phrase}" states a quantity`);
  const word = checkWords(normalized).find((w) => forbidden.has(w));
  if (word !== undefined) fail(`${where} "${phrase}" holds "${word}" (never_in_a_line)`);
  if (lineKey(phrase) === '') fail(`${where} "${phrase}" has no words`);
}

const raw = parse(
  readFileSync(new URL(`../../src/non-factual/data/${DATA_FILE}`, import.meta.url), 'utf8'),
) as { never_in_a_line?: { en?: unknown; ar?: unknown }; kinds?: Record<string, RawKind> };

/**
 * The words no line without a citation may hold (`never_in_a_line`): policy terms, negations,
 * promises, units of time and money, in the compared form.
 */
export const NEVER_IN_A_LINE: ReadonlySet<string> = new Set(
  [
    ...phrasesOf(raw.never_in_a_line?.en, 'never_in_a_line.en'),
    ...phrasesOf(raw.never_in_a_line?.ar, 'never_in_a_line.ar'),
  ].flatMap((word) => checkWords(normalizeForChecks(word))),
);

function readData(): Readonly<Record<NonFactualKind, NonFactualKindData>> {
  const forbidden = NEVER_IN_A_LINE;
  const kinds = raw.kinds ?? fail('kinds is missing');
  const unknown = Object.keys(kinds).find((kind) => !KINDS.includes(kind as NonFactualKind));
  if (unknown !== undefined) fail(`unknown kind "${unknown}"`);
  const read = {} as Record<NonFactualKind, NonFactualKindData>;
  for (const kind of KINDS) {
    const data = kinds[kind] ?? fail(`kind "${kind}" is missing`);
    if (typeof data.why !== 'string' || data.why.trim() === '')
      fail(`${kind} needs a reason (why)`);
    const en = phrasesOf(data.en, `${kind}.en`);
    const ar = phrasesOf(data.ar, `${kind}.ar`);
    const endsWithColon = data.ends_with_colon === true;
    for (const phrase of [...en, ...ar]) {
      checkPhrase(phrase, kind, forbidden);
      if (endsWithColon && !phrase.trimEnd().endsWith(':'))
        fail(`${kind} "${phrase}" must end with a colon`);
    }
    read[kind] = {
      why: data.why,
      needsAnswer: data.needs_answer === true,
      endsWithColon,
      rephrase: data.rephrase === true,
      en,
      ar,
    };
  }
  return read;
}

/**
 * The lines a reply may hold without a citation, by kind, with their reasons: greetings, thanks,
 * sympathy, closings, acknowledgements ("Sure!") and lead-ins ("Here is our return policy:"), and
 * the rephrase request; English and Arabic. Read once from `data/non-factual-lines.yaml`, which is
 * checked as it is read: no phrase holds a digit, a quantity or a word of its `never_in_a_line`
 * list, and no phrase belongs to two kinds. The system prompt lists these same phrases.
 */
export const NON_FACTUAL_LINES: Readonly<Record<NonFactualKind, NonFactualKindData>> = readData();

/** Each phrase's compared words, to its kind. */
export const KIND_OF_LINE: ReadonlyMap<string, NonFactualKind> = (() => {
  const kinds = new Map<string, NonFactualKind>();
  for (const kind of KINDS) {
    for (const phrase of [...NON_FACTUAL_LINES[kind].en, ...NON_FACTUAL_LINES[kind].ar]) {
      const key = lineKey(phrase);
      const known = kinds.get(key);
      if (known !== undefined && known !== kind) fail(`"${phrase}" is both ${known} and ${kind}`);
      kinds.set(key, kind);
    }
  }
  return kinds;
})();
