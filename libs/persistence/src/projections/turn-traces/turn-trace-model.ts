import type {
  DocLanguage,
  EscalationGroup,
  EscalationReason,
  Language,
  ReplyKind,
  RetrievalLeg,
  RetrievalVerdict,
  TurnOutcomeKind,
  TurnOutcomeReason,
} from '@support/contracts';

/** How the turn ended: the `turn.outcome` event's outcome. */
export type TurnRoute = TurnOutcomeKind;

/** What the turn's `turn.outcome` said: the outcome, why, and an escalation's group. */
export interface TurnTraceOutcome {
  outcome: TurnOutcomeKind;
  reason: TurnOutcomeReason;
  group?: EscalationGroup;
}

export interface TurnTraceError {
  code: string;
  message?: string;
}

export interface TurnTraceLeg {
  leg: RetrievalLeg;
  status: 'ok' | 'skipped' | 'timed_out' | 'failed';
  latencyMs: number;
  hits: number;
  error?: TurnTraceError;
}

export interface TurnTraceFused {
  chunkId: string;
  docId: string;
  rrfScore: number;
  ranks: Partial<Record<RetrievalLeg, number>>;
}

export interface TurnTraceRerank {
  scorer: 'cross_encoder' | 'lexical';
  failOpen: boolean;
  scores: { chunkId: string; score: number }[];
  latencyMs: number;
  error?: TurnTraceError;
}

/** The sentence-level gate an extractive agent asks for: the best sentences and their scores. */
export interface TurnTraceSentenceGate {
  floor: number;
  passed: boolean;
  sentences: { chunkId: string; text: string; score: number }[];
}

export interface TurnTraceGate {
  kind: 'reranker' | 'lexical';
  floor: number;
  topScore: number | null;
  passed: boolean;
  sentence?: TurnTraceSentenceGate;
}

/** The last `retrieval.completed` of the turn, minus the chunk texts (those are `promptChunks`). */
export interface TurnTraceRetrieval {
  requestId: string;
  verdict: RetrievalVerdict;
  language: Language;
  latencyMs: number;
  legs: TurnTraceLeg[];
  fused: TurnTraceFused[];
  rerank: TurnTraceRerank | null;
  gate: TurnTraceGate | null;
}

/** A chunk exactly as the retrieval.completed event handed it to the prompt. */
export interface TurnTracePromptChunk {
  chunkId: string;
  docId: string;
  title: string;
  lang: DocLanguage;
  score: number;
  text: string;
}

export interface TurnTraceSentence {
  text: string;
  factual: boolean;
  citations: string[];
  ok: boolean;
  problem?: string;
}

export interface TurnTraceValidation {
  passed: boolean;
  sentences: TurnTraceSentence[];
}

export interface TurnTraceEventRef {
  type: string;
  id: string;
  occurredAt: string;
}

/**
 * A row of the turn_traces projection: everything the log says about one turn. Events may arrive in
 * any order, so each part is null until its event has arrived, and each part carries the version
 * (`occurredAt|eventId`, ranked where needed) of the event it came from.
 */
export interface TurnTraceState {
  turnId: string;
  conversationId: string | null;
  customerMessageId: string | null;
  customerMessage: string | null;
  messageAt: string | null;
  /** Version of the message_received held (the earliest wins). */
  messageVersion: string;
  /** From `outcome`; for a turn logged before `turn.outcome`, from its escalation and reply. */
  route: TurnRoute | null;
  reason: string | null;
  /** The turn's `turn.outcome` (the earliest, should there be two); null before it arrived. */
  outcome: TurnTraceOutcome | null;
  /** Version of the turn.outcome held (the earliest wins). */
  outcomeVersion: string;
  escalationId: string | null;
  escalationReason: EscalationReason | null;
  /** Version of the escalation.raised held (the earliest wins). */
  escalationVersion: string;
  retrieval: TurnTraceRetrieval | null;
  promptChunks: TurnTracePromptChunk[] | null;
  /** Version of the retrieval.completed held (the latest wins: the last search of the turn). */
  retrievalVersion: string;
  draft: string | null;
  validation: TurnTraceValidation | null;
  reply: string | null;
  replyKind: ReplyKind | null;
  replyAt: string | null;
  /** `rank|occurredAt|eventId` of the agent reply held: answer/abstention beat holding, then latest. */
  replyVersion: string;
  /** replyAt - messageAt, when both are known. */
  latencyMs: number | null;
  /** Every event of the turn this projection saw, ordered by (occurredAt, id). */
  events: TurnTraceEventRef[];
  /** Evaluation traffic (`cli eval`, `cli ask`): shown by `cli trace`, left out of the dashboard. */
  synthetic: boolean;
}
