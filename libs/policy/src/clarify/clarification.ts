import type { ChunkDto, Language, RetrievalCompletedPayload } from '@support/contracts';
import { replyLanguage } from '../language/reply-language.js';
import { CLARIFYING_QUESTION, NONE_OF_THESE } from '../texts/clarification-texts.js';
import { sectionTitleOf } from './section-title.js';

/** `CLARIFY_BEFORE_HANDOFF` and its option count; the floor share is the gate's own evidence. */
export interface ClarifySettings {
  readonly enabled: boolean;
  /** Sections offered at most (`CLARIFY_MAX_OPTIONS`, 2 or 3), besides "none of these". */
  readonly maxOptions: number;
  /**
   * A section is offered only when its chunk scored at least this share of the gate's floor
   * (`CLARIFY_MIN_FLOOR_SHARE`): far under the floor, retrieval found nothing near the message,
   * which is how the gate tells an off-topic message.
   */
  readonly minFloorShare: number;
}

export const DEFAULT_CLARIFY_SETTINGS: ClarifySettings = {
  enabled: true,
  maxOptions: 3,
  minFloorShare: 0.5,
};

/** Fewest sections worth asking about: one section is not a choice. */
export const CLARIFY_MIN_OPTIONS = 2;
/** Most sections a clarification offers: more is a list to read, not a question. */
export const CLARIFY_MAX_OPTIONS = 3;

/** The id of "none of these"; a section's id is `section:<chunk id>`. */
export const NONE_OPTION_ID = 'none';
const SECTION_PREFIX = 'section:';

/** One section offered: its title (the option's words), where it is, and what a choice asks. */
export interface ClarifyOption {
  readonly id: string;
  readonly title: string;
  readonly docId: string;
  readonly chunkId: string;
  readonly score: number;
}

/** What the agent knows when retrieval's gate failed, the facts the decision reads. */
export interface ClarifyFacts {
  readonly settings: ClarifySettings;
  /** The knowledge-base search whose gate failed. */
  readonly retrieval: Pick<RetrievalCompletedPayload, 'verdict' | 'chunks' | 'gate'>;
  /** The message answers a clarification already (a choice, or any message after one). */
  readonly afterClarification: boolean;
  /** The customer asked for a person. */
  readonly asksForHuman: boolean;
  /** The message is about the customer's own order, which the order tools answer. */
  readonly orderQuestion: boolean;
}

export type ClarifyDecision =
  | { readonly clarify: true; readonly options: readonly ClarifyOption[] }
  | { readonly clarify: false; readonly why: ClarifySkipReason };

export type ClarifySkipReason =
  | 'disabled'
  | 'gate_passed'
  | 'after_clarification'
  | 'asks_for_human'
  | 'order_question'
  | 'off_topic'
  | 'one_section';

const skip = (why: ClarifySkipReason): ClarifyDecision => ({ clarify: false, why });

/**
 * Whether a turn whose gate failed asks the customer which section they mean instead of handing
 * off with `below_score_floor`: only once per message, never for a request for a person or an
 * order question, and only when the leading chunks come from two or three distinct sections with
 * recognisable headings, each scored near enough the floor that retrieval found something.
 * The options are titles, never facts; a choice runs a normal, checked turn on that section.
 */
export function decideClarification(facts: ClarifyFacts): ClarifyDecision {
  const { settings, retrieval } = facts;
  if (!settings.enabled) return skip('disabled');
  if (retrieval.verdict !== 'below_score_floor') return skip('gate_passed');
  if (facts.afterClarification) return skip('after_clarification');
  if (facts.asksForHuman) return skip('asks_for_human');
  if (facts.orderQuestion) return skip('order_question');
  const floor = retrieval.gate?.floor;
  if (floor === undefined) return skip('off_topic');
  const nearEnough = floor * settings.minFloorShare;
  const max = Math.min(Math.max(settings.maxOptions, CLARIFY_MIN_OPTIONS), CLARIFY_MAX_OPTIONS);
  const leading = [...retrieval.chunks].sort((a, b) => b.score - a.score).slice(0, max);
  if (leading.length === 0 || leading[0]!.score < nearEnough) return skip('off_topic');
  const options = distinctSections(leading.filter((chunk) => chunk.score >= nearEnough));
  if (options.length < CLARIFY_MIN_OPTIONS) return skip('one_section');
  return { clarify: true, options };
}

/** The leading chunks' sections, best first, one option each; a chunk without a heading is left out. */
function distinctSections(chunks: readonly ChunkDto[]): ClarifyOption[] {
  const options: ClarifyOption[] = [];
  const seen = new Set<string>();
  for (const chunk of chunks) {
    const title = sectionTitleOf(chunk);
    if (title === null) continue;
    // Two chunks of one section, or two sections named alike, are one option to the customer.
    const key = title.toLocaleLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    options.push({
      id: `${SECTION_PREFIX}${chunk.chunkId}`,
      title,
      docId: chunk.docId,
      chunkId: chunk.chunkId,
      score: chunk.score,
    });
  }
  return options;
}

/** The reply a clarification sends: the fixed question, the sections, then "none of these". */
export function clarificationReply(
  options: readonly Pick<ClarifyOption, 'id' | 'title'>[],
  language: Language,
): { text: string; options: { id: string; title: string }[] } {
  const lang = replyLanguage(language);
  return {
    text: CLARIFYING_QUESTION[lang],
    options: [
      ...options.map(({ id, title }) => ({ id, title })),
      { id: NONE_OPTION_ID, title: NONE_OF_THESE[lang] },
    ],
  };
}

/**
 * The search a chosen section's turn runs: the section's own heading (the knowledge base's words
 * for it), then what the customer wrote, so retrieval lands on the confirmed section. Only the
 * search reads the heading: the answer is judged on the customer's message alone, as strictly as
 * a first turn ("Delivery times: how soon does it come?" must not make any sentence about delivery
 * times an answer to "how soon does it come?").
 */
export function chosenSectionQuery(option: Pick<ClarifyOption, 'title'>, query: string): string {
  return `${option.title}: ${query}`;
}

/** What a customer's reply to a clarification chose: a section, none of them, or nothing offered. */
export type ClarifyChoice =
  | { readonly kind: 'section'; readonly option: ClarifyOption }
  | { readonly kind: 'none' }
  | { readonly kind: 'not_offered' };

export function readChoice(
  optionId: string | undefined,
  offered: readonly ClarifyOption[],
): ClarifyChoice {
  if (optionId === undefined) return { kind: 'not_offered' };
  if (optionId === NONE_OPTION_ID) return { kind: 'none' };
  const option = offered.find((o) => o.id === optionId);
  return option ? { kind: 'section', option } : { kind: 'not_offered' };
}

/**
 * What a chosen section's turn may answer from: the chunks of that section only (its document,
 * under its heading, or its lead when the option was the document's title), so the answer is what
 * the chosen section says or nothing; no chunk of it left means the gate's handoff.
 */
export function chunksOfChosenSection<C extends Pick<ChunkDto, 'docId' | 'text' | 'title'>>(
  chunks: readonly C[],
  option: Pick<ClarifyOption, 'docId' | 'title'>,
): C[] {
  return chunks.filter((c) => c.docId === option.docId && sectionTitleOf(c) === option.title);
}
