import {
  conceptsOf,
  FACT_LEXICON,
  type FactConcept,
  type FactLexicon,
  type TextConcepts,
} from '@support/language';
import { clausesOf, sharedTerms } from '@support/text';
import { stripCitations } from '../citations/strip-citations.js';
import { formatQuantityValue, sameQuantity } from '../quantities/same-quantity.js';
import { aligningTerms, alignClaim, coverage } from './align-claim.js';
import {
  CASE_KINDS,
  casesOf,
  clauseNegated,
  polarityPieces,
  type SourceUnit,
  type ValueSegment,
  valueSegments,
} from './source-units.js';

/** A fact concept the draft states that the sentences it restates do not: `unsupported_fact: <id>`. */
export const UNSUPPORTED_FACT = 'unsupported_fact';
/** A condition of the restated sentence that the draft leaves out: `dropped_condition: <id>`. */
export const DROPPED_CONDITION = 'dropped_condition';
/** A value the restated sentences do not give: `unsupported_quantity: <value>`. */
const UNSUPPORTED_QUANTITY = 'unsupported_quantity';
/** The restated sentences say the opposite: `negation_mismatch: <side>`. */
const NEGATION_MISMATCH = 'negation_mismatch';
// A value's segment is chosen by the facts it shares with the claim first.
const VALUE_FACT_WEIGHT = 10;

/** Whether the units carry a concept: itself, or a narrower one ("card" is carried by "Visa"). */
function carried(concept: FactConcept, units: readonly SourceUnit[]): boolean {
  return units.some((unit) =>
    [...unit.concepts.facts.values()].some(
      (fact) => fact.id === concept.id || fact.broader.includes(concept.id),
    ),
  );
}

/**
 * A condition that every clause a claim restates sets and the reply leaves out: one of `kept`, or
 * every one of a kind checked `kept_any` (all the places, all the states an item must be in).
 */
function droppedCondition(
  aligned: readonly SourceUnit[],
  replyFacts: ReadonlySet<string>,
): string | undefined {
  const [first, ...others] = aligned;
  if (first === undefined) return undefined;
  const setByAll = [...first.concepts.facts.values()].filter((fact) =>
    others.every((unit) => unit.concepts.facts.has(fact.id)),
  );
  const each = setByAll.find((fact) => fact.checks.has('kept') && !replyFacts.has(fact.id));
  if (each !== undefined) return each.id;
  const anyOf = setByAll.filter((fact) => fact.checks.has('kept_any'));
  for (const kind of new Set(anyOf.map((fact) => fact.kind))) {
    const ofKind = anyOf.filter((fact) => fact.kind === kind);
    if (!ofKind.some((fact) => replyFacts.has(fact.id))) return ofKind[0]!.id;
  }
  return undefined;
}

/**
 * Whether a unit says "not" about what the claim says: the pieces of it closest to the claim are
 * all negated ("وما أُكِّد بعد ذلك" in the same clause says nothing about the other piece).
 */
function negatedFor(claim: TextConcepts, unit: SourceUnit): boolean {
  const closest = alignClaim(claim, unit.pieces);
  if (closest.length === 0) return unit.negated;
  if (closest.every((piece) => piece.negated)) return true;
  // The claim also takes words only a negated piece has: "is treated as a fault" from "Damage
  // caused by washing ..., is not treated as a fault".
  const affirmed = new Set(
    unit.pieces.filter((piece) => !piece.negated).flatMap((piece) => [...piece.concepts.terms]),
  );
  return unit.pieces.some(
    (piece) =>
      piece.negated &&
      [...sharedTerms(aligningTerms(claim), piece.concepts.terms)].some(
        (term) => !affirmed.has(term),
      ),
  );
}

// A sentence that asks the reader something ("Which order do you mean?").
const QUESTION = /[?\u061F]\s*[.!]?\s*$/u;

// The fewest terms a piece of a claim needs to be read for its polarity.
const MIN_CLAIM_TERMS = 2;

/**
 * Whether a piece of the claim (cut at commas) says "not" where the chunk pieces it restates do
 * not, or the reverse: "we only ship within the GCC, and we don't ship outside it" is two claims.
 */
function polarityMismatch(
  claim: string,
  units: readonly SourceUnit[],
  lexicon: FactLexicon,
): 'sentence_negates' | 'chunk_negates' | undefined {
  // "Items that cannot be returned: earrings, swimwear": what follows a negated lead-in is negated.
  const colon = claim.search(/[:\uFF1A]/u);
  const leadNegated = colon > 0 && clauseNegated(claim.slice(0, colon), lexicon);
  for (const text of polarityPieces(claim)) {
    const piece = conceptsOf(text, lexicon);
    // A piece of one word ("Fragrances," before "oud oil and bakhoor can't be returned") states
    // nothing to be negated.
    if (aligningTerms(piece).length + piece.facts.size < MIN_CLAIM_TERMS) continue;
    const aligned = alignClaim(piece, units);
    if (aligned.length === 0) continue;
    const negated = leadNegated || clauseNegated(text, lexicon);
    const negations = aligned.map((unit) => negatedFor(piece, unit));
    if (!negated && negations.every(Boolean)) return 'chunk_negates';
    if (negated && !negations.some(Boolean)) return 'sentence_negates';
  }
  return undefined;
}

// The shop concepts of a charge and of its absence (libs/text shop words: "fee", "free", "without
// any fee", in both languages).
const CHARGE = '~price';
const NO_CHARGE = '~free';
const says = (concepts: TextConcepts, term: string, fact?: string) =>
  concepts.terms.has(term) || (fact !== undefined && concepts.facts.has(fact));

/**
 * Whether a claim charges for what every clause it restates gives free: "there is a small fee in
 * store" for "in store: ... without any fee". No word of it is a negation, so the polarity check
 * cannot see it. A clause that also charges ("free over 200, else 15") vouches.
 */
function chargesWhereFree(claim: TextConcepts, aligned: readonly SourceUnit[]): boolean {
  if (!says(claim, CHARGE) || says(claim, NO_CHARGE, 'charge.free')) return false;
  return (
    aligned.length > 0 &&
    aligned.every(
      (unit) => says(unit.concepts, NO_CHARGE, 'charge.free') && !says(unit.concepts, CHARGE),
    )
  );
}

/** Whether a unit is about the claim's case: of each case kind it names, the claim names one. */
function sameCase(claim: TextConcepts, unit: SourceUnit): boolean {
  const kinds = new Set(
    [...unit.concepts.facts.values()].filter((f) => CASE_KINDS.has(f.kind)).map((f) => f.kind),
  );
  return [...kinds].every((kind) =>
    [...unit.concepts.facts.values()].some(
      (fact) => fact.kind === kind && claim.facts.has(fact.id),
    ),
  );
}

const sameOrNarrower = (a: FactConcept, b: FactConcept) =>
  a.id === b.id || a.broader.includes(b.id) || b.broader.includes(a.id);

/**
 * Whether a chunk's value belongs to another case than the claim's value: of a kind of case both
 * name (a place, a product, a payment channel), it names none of the claim's. The claim's value
 * names its case, or takes its clause's: in "Delivery to Dammam takes 2–4 working days and costs
 * BHD 4.500" the fee is Dammam's too, so "other cities: BHD 4.500" is not its source. A chunk value
 * that names no case ("a fee of 1 KWD is added") is another case of nothing.
 */
function ofAnotherCase(claimCases: readonly FactConcept[], chunkValue: ValueSegment): boolean {
  return namesAnotherCase(claimCases, casesOf(chunkValue.concepts));
}

/** Whether cases a chunk names are other than the claim's: of a kind both name, none of its. */
function namesAnotherCase(claimCases: readonly FactConcept[], own: readonly FactConcept[]) {
  return own.some(
    (fact) =>
      claimCases.some((c) => c.kind === fact.kind) &&
      !own.some((o) => o.kind === fact.kind && claimCases.some((c) => sameOrNarrower(o, c))),
  );
}

/**
 * Whether a unit may vouch for a channel the claim states: "Gift card: as a new e-gift card. Cash
 * on delivery: by bank transfer" says how each way of paying is refunded, so a line headed by
 * another way of paying than the claim's vouches for no refund channel of it. A line headed by
 * the channel itself does ("mada: back to the same mada card").
 */
function vouchesFor(fact: FactConcept, claimCases: readonly FactConcept[], unit: SourceUnit) {
  if (fact.kind !== 'channel' || unit.headCases.some((head) => sameOrNarrower(head, fact)))
    return true;
  const otherCases = claimCases.filter((c) => c.id !== fact.id && c.kind === fact.kind);
  return !namesAnotherCase(otherCases, unit.headCases);
}

/**
 * A limit is compared with the limits of its source: a value its segment states as a limit (a fact
 * concept marked `limit`) is aligned among the chunk values that state the same limit, when there
 * are any, however many other words ("available inside Bahrain only") its clause shares with the
 * chunk's other values.
 */
function boundsAlike(stated: ValueSegment, candidates: ValueSegment[]): ValueSegment[] {
  const limits = [...stated.concepts.facts.values()].filter((fact) => fact.limit);
  if (limits.length === 0) return candidates;
  const alike = candidates.filter((segment) =>
    limits.some((fact) => segment.concepts.facts.has(fact.id)),
  );
  return alike.length > 0 ? alike : candidates;
}

// A unit the claim restates for the most part, even when another shares more with it.
const RESTATED_COVERAGE = 0.5;

/**
 * A term the claim affirms that the chunks name only as an item of a negated list ("Lingerie can
 * be returned" where lingerie is listed under "cannot be returned"), and nowhere affirmed.
 */
function listedAsNegated(
  claim: { concepts: TextConcepts; negated: boolean },
  units: readonly SourceUnit[],
): boolean {
  if (claim.negated) return false;
  return [...claim.concepts.terms].some(
    (term) =>
      units.some((unit) => unit.negatedItems.has(term)) &&
      !units.some((unit) => !unit.negated && unit.concepts.terms.has(term)),
  );
}

/**
 * Why a cited sentence does not say what the chunk sentences it restates say, or undefined. Each
 * clause of the sentence is aligned with the clauses of its chunks it shares the most concepts
 * with ({@link alignClaim}, in either language), and against those alone:
 *
 * - every quantity must be given, with its unit (working days apart from calendar days);
 * - every fact concept it states (scope, condition, payment or refund channel, place, time, a
 *   glossary name) must be carried, unless negation empties it ("no fee of any kind");
 * - it must be negated exactly when those clauses are, and may not affirm what the chunks name
 *   only as an item of a negated list ("cannot be returned: lingerie, swimwear");
 * - a condition those clauses all set ("only", "unopened", "over", "before") must be kept, in the
 *   sentence or elsewhere in the reply (`replyFacts`).
 *
 * A clause that shares nothing with the chunks is left to the word check.
 */
export function factProblem(
  sentence: string,
  units: readonly SourceUnit[],
  replyFacts: ReadonlySet<string>,
  lexicon: FactLexicon = FACT_LEXICON,
): string | undefined {
  const asks = QUESTION.test(stripCitations(sentence));
  const claims = clausesOf(stripCitations(sentence)).map((text) => ({
    text,
    concepts: conceptsOf(text, lexicon),
    negated: clauseNegated(text, lexicon),
    aligned: [] as SourceUnit[],
  }));
  for (const claim of claims) claim.aligned = alignClaim(claim.concepts, units);
  if (claims.some((claim) => listedAsNegated(claim, units)))
    return `${NEGATION_MISMATCH}: chunk_negates`;
  const restated = claims.flatMap((claim) => claim.aligned);
  if (restated.length === 0) return undefined;

  const chunkValues = units.flatMap((unit) => unit.values);
  for (const claim of claims)
    for (const stated of valueSegments(claim.text, lexicon)) {
      const ownCases = casesOf(stated.concepts);
      const claimCases = ownCases.length > 0 ? ownCases : casesOf(claim.concepts);
      for (const quantity of stated.quantities) {
        // Among the chunks' values of its kind, the one whose words and facts (the place, the
        // payment method) its own segment shares, facts first; any of them when it shares none.
        const stating = boundsAlike(
          stated,
          chunkValues.filter(
            (segment) =>
              segment.quantities.some(
                (q) => quantity.kind === 'number' || q.kind === quantity.kind,
              ) && !ofAnotherCase(claimCases, segment),
          ),
        );
        // A bare number (an order number, a count) has no case; a duration, a price, a share
        // or a clock hour has one.
        const cased = quantity.kind !== 'number' || quantity.clock === true;
        const aligned = cased ? alignClaim(stated.concepts, stating, VALUE_FACT_WEIGHT) : [];
        const sources = (aligned.length > 0 ? aligned : stating).flatMap((v) => v.quantities);
        if (!sources.some((source) => sameQuantity(quantity, source)))
          return `${UNSUPPORTED_QUANTITY}: ${formatQuantityValue(quantity)}`;
      }
    }

  const covered = units.filter((unit) =>
    claims.some(
      (claim) =>
        coverage(claim.concepts, unit) >= RESTATED_COVERAGE && sameCase(claim.concepts, unit),
    ),
  );
  for (const claim of claims) {
    if (claim.aligned.length === 0) continue;
    const claimCases = casesOf(claim.concepts);
    const vouching = [...restated, ...covered];
    for (const fact of claim.concepts.facts.values()) {
      if (!fact.checks.has('stated') || (fact.notUnderNegation && claim.negated)) continue;
      // "Which order do you mean?", "أي طلب تقصد؟": a question's "which" is no scope.
      if (asks && fact.kind === 'scope') continue;
      if (
        !carried(
          fact,
          vouching.filter((unit) => vouchesFor(fact, claimCases, unit)),
        )
      )
        return `${UNSUPPORTED_FACT}: ${fact.id}`;
    }
    const polarity = polarityMismatch(claim.text, units, lexicon);
    if (polarity !== undefined) return `${NEGATION_MISMATCH}: ${polarity}`;
    if (!claim.negated && !asks && chargesWhereFree(claim.concepts, claim.aligned))
      return `${NEGATION_MISMATCH}: chunk_negates`;
    // A question states no outcome, so it drops no condition.
    const dropped = asks ? undefined : droppedCondition(claim.aligned, replyFacts);
    if (dropped !== undefined) return `${DROPPED_CONDITION}: ${dropped}`;
  }
  return undefined;
}
