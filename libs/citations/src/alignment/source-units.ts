import {
  alternatives,
  conceptsOf,
  FACT_LEXICON,
  type FactConcept,
  type FactLexicon,
  type TextConcepts,
  withoutConcepts,
} from '@support/language';
import { clausesOf, isNegated, segmentsOf } from '@support/text';
import { extractQuantities } from '../quantities/extract-quantities.js';
import type { Quantity } from '../quantities/quantity.js';
import { splitSentences } from '../sentences/split-sentences.js';

/** A clause of a chunk, the smallest piece a draft sentence is aligned to. */
export interface SourceUnit {
  /** The clause, after the lead-in it depends on ("Items that cannot be returned: Lingerie"). */
  readonly text: string;
  /** It says "not", in itself or through its lead-in (conditions such as "غير مفتوحة" aside). */
  readonly negated: boolean;
  readonly quantities: readonly Quantity[];
  readonly concepts: TextConcepts;
  /** Its pieces (cut at commas and colons), each with its polarity: what a claim quotes. */
  readonly pieces: readonly Piece[];
  /** Its values, each with the words around it: the case a quantity belongs to. */
  readonly values: readonly ValueSegment[];
  /**
   * The terms of the items a negated list names ("cannot be returned: lingerie, swimwear", or a
   * list line under such a lead-in): what the negation is about.
   */
  readonly negatedItems: ReadonlySet<string>;
  /**
   * The cases its head names ("Gift card: as a new e-gift card" is the gift card's): what it says
   * holds for them alone.
   */
  readonly headCases: readonly FactConcept[];
}

/** A piece of a clause. */
export interface Piece {
  readonly concepts: TextConcepts;
  readonly negated: boolean;
}

/** A value of a clause with the words of its case ("within 3–6 working days in Kuwait, Qatar"). */
export interface ValueSegment {
  readonly concepts: TextConcepts;
  readonly quantities: readonly Quantity[];
}

const LIST_ITEM = /^\s*(?:[-*\u2022]|\d+[.)])\s+/u;
const ENDS_SENTENCE = /[.!?\u061F\u061B\u2026]\s*$/u;
const LEADS_IN = /[:\uFF1A]\s*$/u;

// A condition or a price is no negation of the clause it sits in: "unopened" is "غير مفتوحة" in
// Arabic, "free" is "لا يوجد رسوم".
export const NOT_NEGATING_KINDS: ReadonlySet<string> = new Set(['condition', 'charge', 'idiom']);

/** Whether a clause says "not", leaving out the words of its conditions. */
export function clauseNegated(text: string, lexicon: FactLexicon = FACT_LEXICON): boolean {
  return isNegated(withoutConcepts(text, NOT_NEGATING_KINDS, lexicon));
}

const NO_TERMS: ReadonlySet<string> = new Set();

/** The items of a negated list: a list line under a negated lead-in, or what follows its colon. */
function negatedItems(
  clause: string,
  leadIn: string | undefined,
  lexicon: FactLexicon,
): ReadonlySet<string> {
  if (leadIn !== undefined)
    return clauseNegated(leadIn, lexicon) ? conceptsOf(clause, lexicon).terms : NO_TERMS;
  const colon = clause.search(/[:\uFF1A]/u);
  if (colon < 0 || !clauseNegated(clause.slice(0, colon), lexicon)) return NO_TERMS;
  return conceptsOf(clause.slice(colon + 1), lexicon).terms;
}

// "1,500" and "١٬٥٠٠" are one number: their separators are no commas to cut at.
const DIGIT_GROUP = /(\d)[,\u066C](?=\d{3}(?!\d))/gu;
const withoutDigitGroups = (text: string) => text.replace(DIGIT_GROUP, '$1');

// "3–7 working days for mada and 7–14 for Visa": a joiner of the packs before another value.
const VALUE_JOINER = new RegExp(
  `\\s(?:${alternatives('quantity.value_joiners')})\\s(?=[^,،]*\\d)`,
  'u',
);

// "allowed as long as the parcel has not left the warehouse": a condition opens a piece of its
// own.
const CONDITION_OPENER = new RegExp(
  `\\s(?=(?:${alternatives('reply.condition_openers', { longestFirst: true })})\\s)`,
  'u',
);

/**
 * A clause's pieces for reading polarity: cut at commas and colons, and where a condition opens,
 * so that the "not" of "as long as it has not left the warehouse" stays in its condition.
 */
export const polarityPieces = (clause: string): string[] =>
  segmentsOf(clause).flatMap((segment) => segment.split(CONDITION_OPENER));

// The head of a clause, before its first colon.
const HEAD = /^([^:\uFF1A]+)[:\uFF1A](.+)$/su;

/**
 * Kinds of fact that name the case a rule is about (a place, a product, a payment channel, the
 * moment a period runs from, a loyalty tier): a value of another place or product is another
 * case, however many words it shares.
 */
export const CASE_KINDS: ReadonlySet<string> = new Set([
  'place',
  'product',
  'channel',
  'anchor',
  'tier',
]);

export const casesOf = (concepts: TextConcepts): FactConcept[] =>
  [...concepts.facts.values()].filter((fact) => CASE_KINDS.has(fact.kind));

/** A clause's head that names a case ("Oman: ...", "Gold (spend 300 a year): ..."), with what follows it. */
export interface CaseHead {
  readonly head: string;
  readonly rest: string;
  readonly cases: readonly FactConcept[];
  /** The head states values of its own ("Gold (spend 300 to 799 a year)"). */
  readonly valued: boolean;
}

function caseHeadOf(clause: string, lexicon: FactLexicon): CaseHead | undefined {
  const [, head, rest] = HEAD.exec(clause) ?? [];
  if (head === undefined || rest === undefined) return undefined;
  const cases = casesOf(conceptsOf(head, lexicon));
  return cases.length > 0
    ? { head, rest, cases, valued: extractQuantities(head).length > 0 }
    : undefined;
}

const segment = (text: string, lexicon: FactLexicon): ValueSegment => ({
  concepts: conceptsOf(text, lexicon),
  quantities: extractQuantities(text),
});

/** A segment that also names the cases of the head it sits under. */
function underHead(value: ValueSegment, cases: readonly FactConcept[]): ValueSegment {
  const facts = new Map(value.concepts.facts);
  for (const fact of cases) facts.set(fact.id, fact);
  return { ...value, concepts: { ...value.concepts, facts } };
}

/**
 * A clause cut at its commas and colons into one segment per value: a piece without a value
 * belongs to the next value ("mada: 3–7 working days"), or to the last when none follows
 * ("4–8 working days in Egypt and Jordan"). A head before the clause's colon that names a case is
 * the case of every value after it: "Egypt: 6 to 9 working days, SAR 60, free from SAR 900" gives
 * three values of Egypt, whatever commas the head holds. A head that states values of its own
 * ("Gold (spend 300 to 799 a year): 2 points per dinar") is a segment of them, and gives the values
 * after it its cases, not its values.
 */
export function valueSegments(
  clause: string,
  lexicon: FactLexicon,
  caseHead: CaseHead | undefined = caseHeadOf(clause, lexicon),
): ValueSegment[] {
  if (caseHead === undefined)
    return valueTexts(clause, lexicon).map((text) => segment(text, lexicon));
  if (caseHead.valued)
    return [
      segment(caseHead.head, lexicon),
      ...valueTexts(caseHead.rest, lexicon).map((text) =>
        underHead(segment(text, lexicon), caseHead.cases),
      ),
    ];
  return valueTexts(caseHead.rest, lexicon).map((text) =>
    segment(`${caseHead.head.trim()}: ${text}`, lexicon),
  );
}

// A price said in words ("free on new arrivals, SAR 15 on outlet items") is a value of its own
// case, as a number is.
const VALUE_KINDS: ReadonlySet<string> = new Set(['charge']);

const statesValue = (text: string, lexicon: FactLexicon) =>
  extractQuantities(text).length > 0 ||
  [...conceptsOf(text, lexicon).facts.values()].some((fact) => VALUE_KINDS.has(fact.kind));

function valueTexts(clause: string, lexicon: FactLexicon): string[] {
  const texts: string[] = [];
  let pending = '';
  let pendingHead = false;
  // Pieces at commas and colons, each with whether a colon ends it (a head: "Oman:").
  const pieces = [...withoutDigitGroups(clause).matchAll(/([^,،:\uFF1A]+)([:\uFF1A])?/gu)]
    .map(([, text, colon]) => ({ text: text!.trim(), head: colon !== undefined }))
    .filter((piece) => piece.text.length > 0)
    // Two values, two cases.
    .flatMap((piece) =>
      piece.text
        .split(VALUE_JOINER)
        .map((text, index, all) => ({ text, head: piece.head && index === all.length - 1 })),
    );
  for (const piece of pieces) {
    if (statesValue(piece.text, lexicon)) {
      texts.push(pending ? `${pending}, ${piece.text}` : piece.text);
      [pending, pendingHead] = ['', false];
      continue;
    }
    // "...a fixed fee applies: Saudi Arabia: free from 249": the line that leads into the list is
    // no value's case; the head nearest the value is.
    if (piece.head && pendingHead) [pending, pendingHead] = ['', false];
    pending = pending ? `${pending}, ${piece.text}` : piece.text;
    pendingHead ||= piece.head;
  }
  if (pending) {
    if (texts.length > 0) texts[texts.length - 1] = `${texts.at(-1)}, ${pending}`;
    else texts.push(pending);
  }
  return texts;
}

function unit(clause: string, leadIn: string | undefined, lexicon: FactLexicon): SourceUnit {
  const leadNegated = leadIn !== undefined && clauseNegated(leadIn, lexicon);
  // "cannot be returned: lingerie, swimwear": the items after a negated colon are negated.
  const colon = clause.search(/[:\uFF1A]/u);
  const listNegated = colon > 0 && clauseNegated(clause.slice(0, colon), lexicon);
  const text = leadIn === undefined ? clause : `${leadIn.replace(/[:\uFF1A]\s*$/u, '')}: ${clause}`;
  const caseHead = caseHeadOf(clause, lexicon);
  return {
    text,
    negated: clauseNegated(clause, lexicon) || leadNegated,
    quantities: extractQuantities(clause),
    concepts: conceptsOf(text, lexicon),
    pieces: polarityPieces(clause).map((piece) => ({
      concepts: conceptsOf(piece, lexicon),
      negated: clauseNegated(piece, lexicon) || leadNegated || listNegated,
    })),
    values: valueSegments(clause, lexicon, caseHead),
    negatedItems: negatedItems(clause, leadIn, lexicon),
    headCases: caseHead?.cases ?? [],
  };
}

/**
 * The clauses of a chunk (already through `normalizeForChecks`), each read with what it depends
 * on: a list line with the line that leads into it (the sentence ending in a colon before the
 * list, or else the chunk's heading), so that "Items that cannot be returned" followed by
 * "- Lingerie and sleepwear" reads as lingerie not being returnable.
 */
export function sourceUnits(chunk: string, lexicon: FactLexicon = FACT_LEXICON): SourceUnit[] {
  const lines = chunk.split(/\r?\n/).map((line) => line.trim());
  // The chunker writes the section heading, then a blank line, then the paragraphs.
  const heading =
    lines.length > 2 && lines[1] === '' && !ENDS_SENTENCE.test(lines[0]!) ? lines[0] : undefined;
  const units: SourceUnit[] = [];
  let leadIn = heading;
  for (const line of lines) {
    if (line === '') continue;
    if (LIST_ITEM.test(line)) {
      const item = line.replace(LIST_ITEM, '');
      for (const sentence of splitSentences(item))
        for (const clause of clausesOf(sentence)) units.push(unit(clause, leadIn, lexicon));
      continue;
    }
    const sentences = splitSentences(line);
    for (const sentence of sentences)
      for (const clause of clausesOf(sentence)) units.push(unit(clause, undefined, lexicon));
    const last = sentences.at(-1);
    if (last !== undefined && LEADS_IN.test(last)) leadIn = last;
    else if (line !== heading) leadIn = heading;
  }
  return units;
}
