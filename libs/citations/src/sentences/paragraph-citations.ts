import { splitSentences } from './split-sentences.js';

/**
 * The line of `text` each sentence of `splitSentences(text)` comes from, or undefined when the
 * line-by-line reading does not give the same sentences (then no sentence shares a line).
 */
export function sentenceLines(text: string, sentenceCount: number): number[] | undefined {
  const lines = text
    .split(/\r\n|[\n\r\u2028\u2029]/)
    .flatMap((line, index) => splitSentences(line).map(() => index));
  return lines.length === sentenceCount ? lines : undefined;
}

/** A sentence as {@link paragraphCitations} reads it. */
export interface CitedSentence {
  readonly citations: readonly string[];
  /** It states something (not a line of the non-factual data). */
  readonly states: boolean;
  /** It ends with a colon: it introduces the lines after it ("Here are the methods we accept:"). */
  readonly leadsIn?: boolean;
}

/**
 * The citations each sentence is checked against: its own; for an uncited sentence that states
 * something, those of the nearest cited sentence on the same line (the next one first), else, for
 * a lead-in ending in a colon and the uncited lines after it (the list it introduces), those of
 * the first cited sentence after them. A model cites a paragraph once, at its end ("Returns are
 * free. Pack the item unworn [a#1].") and a list once, after its last item; each of its sentences
 * is still checked against what that citation names, so nothing goes unchecked.
 */
export function paragraphCitations(
  sentences: readonly CitedSentence[],
  lines: readonly number[] | undefined,
): (readonly string[])[] {
  return sentences.map((sentence, index) => {
    if (sentence.citations.length > 0 || !sentence.states) return sentence.citations;
    const cited = (other: number) => sentences[other]!.citations.length > 0;
    const sameLine = (other: number) => lines?.[other] === lines?.[index] && cited(other);
    if (lines !== undefined) {
      for (let next = index + 1; next < sentences.length; next++)
        if (sameLine(next)) return sentences[next]!.citations;
      for (let previous = index - 1; previous >= 0; previous--)
        if (sameLine(previous)) return sentences[previous]!.citations;
    }
    // A lead-in and the uncited lines after it (its list) are cited where the list's citation is.
    let leadIn = index;
    while (leadIn >= 0 && !cited(leadIn) && sentences[leadIn]!.leadsIn !== true) leadIn -= 1;
    if (leadIn >= 0 && !cited(leadIn))
      for (let next = index + 1; next < sentences.length; next++)
        if (cited(next)) return sentences[next]!.citations;
    return sentence.citations;
  });
}
