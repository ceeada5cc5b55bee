import type {
  CitationDto,
  EscalationReason,
  Language,
  ReplyKind,
  ReplyOptionDto,
  RetrievalCompletedPayload,
  TranscriptEntryDto,
  ValidationVerdictDto,
} from '@support/contracts';
import type { GlossaryPair } from '@support/language';
import type { ChatModel, SupportJudge } from '@support/models';
import type { ClarifyChoice, ClarifyOption, TurnOutcomeDecision } from '@support/policy';
import type { AgentTool } from '../orders/agent-tool.js';

/** The turn a node works on; side effects derive their ids from it, so a re-run repeats nothing. */
export interface TurnContext {
  readonly customerId: string;
  readonly conversationId: string;
  readonly turnId: string;
  /** The customer message event that started the turn: the cause every reply of the turn names. */
  readonly causeEventId?: string;
  /** Evaluation traffic (`cli eval`, `cli ask`): every event of the turn carries the flag on. */
  readonly synthetic?: boolean;
  readonly language: Language;
  readonly question: string;
  /** The knowledge-base namespace of this turn, when the message named one (evaluation runs). */
  readonly namespace?: string;
}

export interface OutgoingReply {
  readonly kind: ReplyKind;
  readonly text: string;
  readonly citations: CitationDto[];
  readonly draft?: string;
  readonly validation?: ValidationVerdictDto;
  /** What the customer may answer with (a clarifying question's sections and "none"). */
  readonly options?: ReplyOptionDto[];
}

/**
 * A clarification waiting for the customer's next message: the turn that asked it, the message
 * it asked about, its language and the sections offered. Kept in the thread for one message.
 */
export interface PendingClarification {
  readonly offerTurnId: string;
  readonly question: string;
  readonly language: Language;
  readonly options: ClarifyOption[];
}

export interface OutgoingEscalation {
  readonly reason: EscalationReason;
  readonly transcript: TranscriptEntryDto[];
  readonly chunks: { chunkId: string; score: number }[];
  readonly ordersMentioned: string[];
}

/** What the graph's nodes need from outside: the model, the tools, the bus. */
export interface AgentPorts {
  readonly chatModel: ChatModel;
  readonly tools: readonly AgentTool[];
  /** A `retrieval.requested` / `retrieval.completed` round trip; null when no answer came in time. */
  searchKnowledgeBase(
    query: string,
    turn: TurnContext,
    callId: string,
  ): Promise<RetrievalCompletedPayload | null>;
  /** Publishes `agent.reply_sent`; idempotent per turn and kind. */
  sendReply(turn: TurnContext, reply: OutgoingReply): Promise<void>;
  /** Publishes `escalation.raised`; idempotent per turn. */
  raiseEscalation(turn: TurnContext, escalation: OutgoingEscalation): Promise<void>;
  /** Publishes `clarification.offered` for the turn's clarifying reply; idempotent per turn. */
  offerClarification(turn: TurnContext, offer: PendingClarification): Promise<void>;
  /**
   * Publishes `turn.outcome`, where the turn ends, with the outcome `turnOutcome` of
   * `@support/policy` gave; idempotent per turn.
   */
  recordOutcome(turn: TurnContext, outcome: TurnOutcomeDecision): Promise<void>;
  /** Publishes `clarification.chosen`: what the message after a clarification did with it. */
  recordChoice(
    turn: TurnContext,
    answered: { offer: PendingClarification; choice: ClarifyChoice; optionId?: string },
  ): Promise<void>;
  /**
   * The knowledge base's glossary for the reply check (its names are facts a draft may not swap);
   * absent: the built-in concepts only.
   */
  glossary?(namespace: string | undefined): Promise<readonly GlossaryPair[]>;
  /**
   * An entailment model that may vouch for a sentence only the reply check's word share fails
   * (a faithful paraphrase); absent: the word share decides (`SUPPORT_JUDGE_URL` unset).
   */
  readonly supportJudge?: SupportJudge;
  now(): Date;
}
