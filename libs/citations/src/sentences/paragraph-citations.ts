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

/**
 * The citations each sentence is checked against: its own; for an uncited sentence that states
 * something, those of the nearest cited sentence on the same line (the next one first). A model
 * cites a paragraph once, at its end ("Returns are free. Pack the item unworn [a#1]."); each of
 * its sentences is still checked against what that citation names, so nothing goes unchecked.
 */
export function paragraphCitations(
  sentences: readonly { readonly citations: readonly string[]; readonly states: boolean }[],
  lines: readonly number[] | undefined,
): (readonly string[])[] {
  return sentences.map((sentence, index) => {
    if (sentence.citations.length > 0 || !sentence.states || lines === undefined)
      return sentence.citations;
    const sameLine = (other: number) =>
      lines[other] === lines[index] && sentences[other]!.citations.length > 0;
    for (let next = index + 1; next < sentences.length; next++)
      if (sameLine(next)) return sentences[next]!.citations;
    for (let previous = index - 1; previous >= 0; previous--)
      if (sameLine(previous)) return sentences[previous]!.citations;
    return sentence.citations;
  });
}
