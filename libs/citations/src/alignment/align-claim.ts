import type { TextConcepts } from '@support/language';
import { contentTerms, sharedTerms } from '@support/text';
import {
  DURATION_UNITS,
  WORKING_WORDS,
  ARABIC_WORKING_WORDS,
  CURRENCY_WORDS,
} from '../quantities/units.js';
import type { SourceUnit } from './source-units.js';

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

/** How much of `claim` a unit says: its shared terms, and its shared fact concepts twice. */
function overlap(claim: TextConcepts, unit: SourceUnit): number {
  let facts = 0;
  for (const id of claim.facts.keys()) if (unit.concepts.facts.has(id)) facts += 1;
  const terms = [...claim.terms].filter((term) => !UNIT_TERMS.has(term));
  return sharedTerms(terms, unit.concepts.terms).size + FACT_WEIGHT * facts;
}

/**
 * The units of the cited chunks that a claim restates: those sharing the most concepts with it
 * (all of them on a tie), none when it shares none. Quantities take no part: the value is what is
 * checked against the units found, so "sale items: 21 days" is aligned with the sentence about
 * sale items, whatever number it states.
 */
export function alignClaim(claim: TextConcepts, units: readonly SourceUnit[]): SourceUnit[] {
  let best = 0;
  let aligned: SourceUnit[] = [];
  for (const unit of units) {
    const score = overlap(claim, unit);
    if (score > best) [best, aligned] = [score, [unit]];
    else if (score === best && score > 0) aligned.push(unit);
  }
  return aligned;
}
