import { stripCitations } from '../citations/strip-citations.js';

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

function runsOf(words: readonly string[]): Set<string> {
  const runs = new Set<string>();
  for (let i = 0; i + CONFIDENTIAL_RUN_WORDS <= words.length; i += 1)
    runs.add(words.slice(i, i + CONFIDENTIAL_RUN_WORDS).join(' '));
  return runs;
}

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
  const secret = new Set(confidential.flatMap((text) => [...runsOf(wordsOf(text))]));
  const leaking = new Set<number>();
  if (secret.size === 0) return leaking;
  for (const text of chunkTexts) for (const run of runsOf(wordsOf(text))) secret.delete(run);
  const words = sentences.flatMap((sentence, index) =>
    wordsOf(sentence).map((word) => ({ word, index })),
  );
  for (let i = 0; i + CONFIDENTIAL_RUN_WORDS <= words.length; i += 1) {
    const run = words.slice(i, i + CONFIDENTIAL_RUN_WORDS);
    if (secret.has(run.map((w) => w.word).join(' ')))
      for (const { index } of run) leaking.add(index);
  }
  return leaking;
}
