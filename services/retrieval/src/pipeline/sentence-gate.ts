import {
  GATE_SENTENCE_MAX_CHARS,
  MAX_GATE_SENTENCES,
  type SentenceGateDto,
} from '@support/contracts';

/** How the sentences of the prompt chunks answer a query (the extractive responder's own rule). */
export interface SentenceSelection {
  readonly floor: number;
  /** Every sentence with its score, best first. */
  readonly scored: readonly { chunkId: string; text: string; score: number }[];
  /** Whether a sentence (or, for a two-part question, a sentence per part) reached the floor. */
  readonly answered: boolean;
}

/** The sentence gate as the trace records it: the floor, the verdict and the best sentences. */
export function sentenceGate(selection: SentenceSelection): SentenceGateDto {
  return {
    floor: selection.floor,
    passed: selection.answered,
    sentences: selection.scored.slice(0, MAX_GATE_SENTENCES).map(({ chunkId, text, score }) => ({
      chunkId,
      text: text.slice(0, GATE_SENTENCE_MAX_CHARS),
      score,
    })),
  };
}
