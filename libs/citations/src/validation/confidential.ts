import { stripCitations } from '../citations/strip-citations.js';
import { memoByText } from '../memo/memo-by-text.js';

/** A reply repeating this many words in a row of a confidential text repeats that text. */
export const CONFIDENTIAL_RUN_WORDS = 8;

function wordsOf(text: string): string[] {
  return (
    stripCitations(text)
      .normalize('NFKC')
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu) ?? []
  );
}

function runsOf(words: readonly string[]): ReadonlySet<string> {
  const runs = new Set<string>();
  for (let i = 0; i + CONFIDENTIAL_RUN_WORDS <= words.length; i += 1)
    runs.add(words.slice(i, i + CONFIDENTIAL_RUN_WORDS).join(' '));
  return runs;
}

/** The runs of a text: a confidential text and the prompt chunks come back every turn. */
const runsOfText = memoByText((text) => runsOf(wordsOf(text)));

/**
 * Which of `sentences` (a reply, in order) take part in repeating a run of
 * {@link CONFIDENTIAL_RUN_WORDS} words of a confidential text (the system prompt), across sentence
 * breaks, citation markers, case and punctuation. A run that a prompt chunk also holds is what the
 * knowledge base says, not a leak.
 */
export function sentencesRepeatingConfidential(
  sentences: readonly string[],
  confidential: readonly string[],
  chunkTexts: readonly string[],
): Set<number> {
  const secrets = confidential.map(runsOfText).filter((runs) => runs.size > 0);
  const leaking = new Set<number>();
  if (secrets.length === 0) return leaking;
  const said = chunkTexts.map(runsOfText);
  const isSecret = (run: string) =>
    secrets.some((runs) => runs.has(run)) && !said.some((runs) => runs.has(run));
  const words = sentences.flatMap((sentence, index) =>
    wordsOf(sentence).map((word) => ({ word, index })),
  );
  for (let i = 0; i + CONFIDENTIAL_RUN_WORDS <= words.length; i += 1) {
    const run = words.slice(i, i + CONFIDENTIAL_RUN_WORDS);
    if (isSecret(run.map((w) => w.word).join(' '))) for (const { index } of run) leaking.add(index);
  }
  return leaking;
}
