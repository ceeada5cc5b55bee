import { readFileSync } from 'node:fs';
import { parse } from 'yaml';

interface WordList {
  readonly why: string;
  readonly words: readonly string[];
}

/** data/time-words.yaml, read from `src` whether this runs from `src` or `dist`. */
const data = parse(
  readFileSync(new URL('../../src/quantities/data/time-words.yaml', import.meta.url), 'utf8'),
) as Record<string, WordList>;

function list(name: string): readonly string[] {
  const entry = data[name];
  if (!entry?.why || !Array.isArray(entry.words) || entry.words.length === 0)
    throw new Error(`quantities/data/time-words.yaml: ${name} needs its why and its words`);
  return entry.words.map(String);
}

/** The Arabic singulars of the long units, which count one after {@link ARABIC_SINGLE_UNIT_LEADS}. */
export const ARABIC_SINGULAR_UNITS = list('arabic_singular_units');
/** The words of duration after which an Arabic singular unit counts one ("خلال سنة"). */
export const ARABIC_SINGLE_UNIT_LEADS = list('arabic_single_unit_leads');
/** Words after a clock hour that put it in the morning. */
export const MORNING_WORDS = list('morning_words');
/** Words after a clock hour that put it after noon. */
export const AFTERNOON_WORDS = list('afternoon_words');
/** Words after a clock hour that put it at night: after noon from six o'clock. */
export const NIGHT_WORDS = list('night_words');
