import { Annotation } from '@langchain/langgraph';
import type {
  ChunkDto,
  ChunkScoreDto,
  EscalationReason,
  Language,
  ValidationVerdictDto,
} from '@support/contracts';
import type { ChatMessage } from '@support/models';
import type { ClarifyOption } from '@support/policy';
import type { PendingClarification } from './agent-ports.js';
import { type ConversationMemory, EMPTY_MEMORY } from './conversation-memory.js';

/**
 * A channel the latest write replaces. Never undefined (absent is null): LangGraph stores no value
 * for a channel holding undefined, and rebuilds such a channel on every read by walking all the
 * thread's earlier checkpoints, which made each turn slower than the one before.
 */
const replace = <T extends NonNullable<unknown> | null>(fallback: () => T) =>
  Annotation<T>({ reducer: (_old, next) => next, default: fallback });

/** Replaces the messages instead of appending to them: how a turn starts with its own. */
export interface ReplaceMessages {
  readonly replace: ChatMessage[];
}

/** Turn ids remembered to refuse a redelivered message: far more than are ever in flight. */
export const TURN_IDS_KEPT = 32;
/** Earlier turns the checkpoint keeps (compacted); older ones live on in `memory` only. */
export const HISTORY_TURNS_KEPT = 8;

/**
 * The graph's state, checkpointed in Postgres per conversation (thread id = conversation id).
 * Bounded: `messages` hold the current turn, `history` at most {@link HISTORY_TURNS_KEPT} earlier
 * turns (compacted), `memory` what fell out of them, so the checkpoint of turn 100 is the size of
 * turn 10's; everything else describes the current turn and starts over with it.
 */
export const AgentState = Annotation.Root({
  messages: Annotation<ChatMessage[], ChatMessage[] | ReplaceMessages>({
    reducer: (old, next) => (Array.isArray(next) ? old.concat(next) : next.replace),
    default: () => [],
  }),
  history: replace<ChatMessage[]>(() => []),
  memory: replace<ConversationMemory>(() => EMPTY_MEMORY),
  customerId: replace<string>(() => ''),
  conversationId: replace<string>(() => ''),
  turnId: replace<string>(() => ''),
  /** Every turn this thread has started, so a redelivered message never starts one twice. */
  turnIds: Annotation<string[]>({
    reducer: (old, next) => [...new Set(old.concat(next))].slice(-TURN_IDS_KEPT),
    default: () => [],
  }),
  causeEventId: replace<string | null>(() => null),
  /** The current turn is evaluation traffic (its customer message was synthetic). */
  synthetic: replace<boolean>(() => false),
  question: replace<string>(() => ''),
  namespace: replace<string | null>(() => null),
  language: replace<Language>(() => 'en'),
  /** Chunks that entered the prompt this turn: the only ids a reply may cite. */
  promptChunks: replace<ChunkDto[]>(() => []),
  /** What the reranker chose in the last retrieval of the turn, with scores (for the handoff summary). */
  retrievedChunks: replace<ChunkScoreDto[]>(() => []),
  /** Why the turn went to a colleague: stamped by the route that sent it there, with the route. */
  escalationReason: replace<EscalationReason | null>(() => null),
  draft: replace<string | null>(() => null),
  validation: replace<ValidationVerdictDto | null>(() => null),
  modelCalls: replace<number>(() => 0),
  /**
   * The clarification the customer's next message answers, if the last turn asked one. Outlives
   * its turn (the next message reads it) and is cleared by that message, so a message is
   * clarified at most once.
   */
  clarification: replace<PendingClarification | null>(() => null),
  /** The option the current message chose (a button, a number), when it chose one. */
  choiceOptionId: replace<string | null>(() => null),
  /** The section the current message chose: the turn answers from its chunks only. */
  chosenSection: replace<ClarifyOption | null>(() => null),
  /** The current message answers a clarification: it is not offered another. */
  afterClarification: replace<boolean>(() => false),
  /** The sections the route chose to offer this turn (for the `clarify` node). */
  offeredOptions: replace<ClarifyOption[]>(() => []),
  /**
   * True after the pause ended (the admin's reply came back, or the customer withdrew the request):
   * the turn is over, the agent does not speak again.
   */
  humanReplied: replace<boolean>(() => false),
});

export type AgentStateValue = typeof AgentState.State;
export type AgentStateUpdate = typeof AgentState.Update;
