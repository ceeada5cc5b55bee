import type { TextConcepts } from '@support/language';
import { contentTerms, sharedTerms } from '@support/text';
import {
  DURATION_UNITS,
  WORKING_WORDS,
  ARABIC_WORKING_WORDS,
  CURRENCY_WORDS,
} from '../quantities/units.js';

// The words of units ("days", "SAR", "working") are the quantity's, checked with its value; as
// terms they would tie a claim to every sentence that states a duration.
const UNIT_TERMS: ReadonlySet<string> = contentTerms(
  [
    ...Object.keys(DURATION_UNITS),
    ...WORKING_WORDS,
    ...ARABIC_WORKING_WORDS,
    ...Object.keys(CURRENCY_WORDS),
  ].join(' '),
);

// A fact concept in common (a place, a payment method, a condition) says more about where a
// claim comes from than a word in common ("return", "item").
const FACT_WEIGHT = 2;

/** Something of a chunk that a claim can be aligned with: a clause, a piece, a value's segment. */
export interface Alignable {
  readonly concepts: TextConcepts;
}

/** The terms of a text that can tie it to a sentence: its terms less the words of units. */
export function aligningTerms(concepts: TextConcepts): string[] {
  return [...concepts.terms].filter((term) => !UNIT_TERMS.has(term));
}

/** How much of `claim` a unit says: its shared terms, and its shared fact concepts `factWeight` times. */
export function overlap(claim: TextConcepts, unit: Alignable, factWeight = FACT_WEIGHT): number {
  let facts = 0;
  for (const id of claim.facts.keys()) if (unit.concepts.facts.has(id)) facts += 1;
  return sharedTerms(aligningTerms(claim), unit.concepts.terms).size + factWeight * facts;
}

/**
 * The share of a unit's own terms and facts that the claim says: near 1 when the claim restates
 * it whole, even when another unit shares more with the claim.
 */
export function coverage(claim: TextConcepts, unit: Alignable): number {
  const own = aligningTerms(unit.concepts).length + unit.concepts.facts.size;
  return own === 0 ? 0 : overlap(claim, unit, 1) / own;
}

/**
 * The units of the cited chunks that a claim restates: those sharing the most concepts with it
 * (all of them on a tie), none when it shares none. Quantities take no part: the value is what is
 * checked against the units found, so "sale items: 21 days" is aligned with the sentence about
 * sale items, whatever number it states.
 */
export function alignClaim<T extends Alignable>(
  claim: TextConcepts,
  units: readonly T[],
  factWeight = FACT_WEIGHT,
): T[] {
  let best = 0;
  let aligned: T[] = [];
  for (const unit of units) {
    const score = overlap(claim, unit, factWeight);
    if (score > best) [best, aligned] = [score, [unit]];
    else if (score === best && score > 0) aligned.push(unit);
  }
  return aligned;
}
