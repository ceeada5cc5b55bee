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

const LEADS_IN = /[:\uFF1A]\s*$/u;

/**
 * The citations of the cited lines a lead-in introduces: the sentences after it, from the next
 * line on, while each is cited ("Here are the payment methods we accept:" and the list under it).
 */
function introducedCitations(
  sentences: readonly { readonly citations: readonly string[] }[],
  lines: readonly number[],
  index: number,
): string[] {
  const introduced = new Set<string>();
  for (let next = index + 1; next < sentences.length; next++) {
    if (lines[next] === lines[index] || sentences[next]!.citations.length === 0) break;
    for (const id of sentences[next]!.citations) introduced.add(id);
  }
  return [...introduced];
}

/**
 * The citations each sentence is checked against: its own; for an uncited sentence that states
 * something, those of the nearest cited sentence on the same line (the next one first). A model
 * cites a paragraph once, at its end ("Returns are free. Pack the item unworn [a#1]."); each of
 * its sentences is still checked against what that citation names, so nothing goes unchecked.
 * With no cited sentence on its line, a line that ends with a colon is checked against the cited
 * lines it introduces, and any other against the nearest cited sentence after it in the reply, else
 * before it (a list cited once, below it). Where the citation comes from never makes a sentence
 * pass: it is still held to what those chunks say.
 */
export function paragraphCitations(
  sentences: readonly {
    readonly text: string;
    readonly citations: readonly string[];
    readonly states: boolean;
  }[],
  lines: readonly number[] | undefined,
): (readonly string[])[] {
  return sentences.map((sentence, index) => {
    if (sentence.citations.length > 0 || !sentence.states || lines === undefined)
      return sentence.citations;
    const cited = (other: number) => sentences[other]!.citations.length > 0;
    // The citations of the nearest cited sentence that `near` accepts: after it first, then before.
    const nearest = (near: (other: number) => boolean) => {
      for (let next = index + 1; next < sentences.length; next++)
        if (cited(next) && near(next)) return sentences[next]!.citations;
      for (let previous = index - 1; previous >= 0; previous--)
        if (cited(previous) && near(previous)) return sentences[previous]!.citations;
      return undefined;
    };
    const introduced = LEADS_IN.test(sentence.text)
      ? introducedCitations(sentences, lines, index)
      : [];
    return (
      nearest((other) => lines[other] === lines[index]) ??
      (introduced.length > 0 ? introduced : undefined) ??
      // A block cited once, after it ("- Visa\n- Apple Pay\n\n[payments#1]").
      nearest(() => true) ??
      sentence.citations
    );
  });
}
