import { extractCitations } from '../citations/extract-citations.js';
import { isFactual } from '../factual/is-factual.js';
import { extractQuantities } from '../quantities/extract-quantities.js';
import type { Quantity } from '../quantities/quantity.js';
import { formatQuantityValue, sameQuantity } from '../quantities/same-quantity.js';
import { splitSentences } from '../sentences/split-sentences.js';
import { sentencesRepeatingConfidential } from './confidential.js';
import {
  CONFIDENTIAL_TEXT,
  MAX_PROBLEM_TEXT,
  MAX_VERDICT_TEXT,
  MISSING_CITATION,
  UNKNOWN_CITATION,
  UNSUPPORTED_QUANTITY,
  type PromptChunk,
  type SentenceVerdict,
  type ValidationVerdict,
} from './verdict.js';

/** Cuts a text to the contract's length, by code points so that no surrogate pair is split. */
function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  return `${[...text].slice(0, max - 1).join('')}…`;
}

function problemOf(
  sentence: string,
  factual: boolean,
  citations: readonly string[],
  chunkQuantities: ReadonlyMap<string, readonly Quantity[]>,
): string | undefined {
  // An invented id is refused in any sentence, factual or not: it would reach the customer as a
  // citation of nothing, and it shows the model making things up.
  const unknown = citations.find((id) => !chunkQuantities.has(id));
  if (unknown !== undefined) return `${UNKNOWN_CITATION}: ${unknown}`;
  if (!factual) return undefined;
  if (citations.length === 0) return MISSING_CITATION;
  const supporting = citations.flatMap((id) => chunkQuantities.get(id) ?? []);
  const unsupported = extractQuantities(sentence).find(
    (stated) => !supporting.some((source) => sameQuantity(stated, source)),
  );
  return unsupported ? `${UNSUPPORTED_QUANTITY}: ${formatQuantityValue(unsupported)}` : undefined;
}

export interface ValidateReplyOptions {
  /**
   * Texts the reply must not repeat, such as the system prompt: the model was told them, the
   * customer must never read them.
   */
  readonly confidential?: readonly string[];
}

/**
 * The mechanical check that decides whether a draft reply may reach the customer. The reply is
 * split into sentences ({@link splitSentences}); a sentence fails when
 *
 * - it cites an id that was not in the prompt (`unknown_citation: <id>`), factual or not;
 * - it is factual ({@link isFactual}) and cites nothing (`missing_citation`);
 * - it is factual and states a quantity ({@link extractQuantities}) that none of the chunks it
 *   cites contains, compared by canonical value and unit (`unsupported_quantity: <value>`);
 * - it takes part in repeating `CONFIDENTIAL_RUN_WORDS` (8) words in a row of a confidential
 *   text (`confidential_text`), whatever it cites: citations do not make the system prompt a fact.
 *
 * The reply passes when every sentence is ok and there is at least one sentence: an empty reply,
 * or one with nothing but markers and punctuation, fails. Pure: no model, no I/O, no clock.
 */
export function validateReply(
  reply: string,
  promptChunks: readonly PromptChunk[],
  options: ValidateReplyOptions = {},
): ValidationVerdict {
  const chunkQuantities = new Map<string, Quantity[]>();
  for (const chunk of promptChunks) {
    const known = chunkQuantities.get(chunk.chunkId) ?? [];
    chunkQuantities.set(chunk.chunkId, [...known, ...extractQuantities(chunk.text)]);
  }

  const texts = splitSentences(reply);
  const leaking = sentencesRepeatingConfidential(
    texts,
    options.confidential ?? [],
    promptChunks.map((chunk) => chunk.text),
  );
  const sentences = texts.map((text, index): SentenceVerdict => {
    const factual = isFactual(text);
    const citations = extractCitations(text);
    const problem =
      problemOf(text, factual, citations, chunkQuantities) ??
      (leaking.has(index) ? CONFIDENTIAL_TEXT : undefined);
    const verdict: SentenceVerdict = {
      text: clip(text, MAX_VERDICT_TEXT),
      factual,
      citations,
      ok: problem === undefined,
    };
    if (problem !== undefined) verdict.problem = clip(problem, MAX_PROBLEM_TEXT);
    return verdict;
  });

  return { passed: sentences.length > 0 && sentences.every((s) => s.ok), sentences };
}
