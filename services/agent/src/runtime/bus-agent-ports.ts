import { deterministicId, type EventPublisher, newEventId, PendingReplies } from '@support/bus';
import {
  ClarificationChosen,
  ClarificationOffered,
  createEvent,
  ESCALATION_QUESTION_MAX_CHARS,
  EscalationRaised,
  inheritSynthetic,
  ORDER_REF_MAX_CHARS,
  QUERY_MAX_CHARS,
  REPLY_DRAFT_MAX_CHARS,
  type ReplyKind,
  ReplySent,
  type RetrievalCompletedPayload,
  RetrievalRequested,
  TRANSCRIPT_LINE_MAX_CHARS,
  TRANSCRIPT_MAX_ENTRIES,
  TurnOutcome,
  type TurnOutcomeKind,
} from '@support/contracts';
import { type ClarifyChoice, escalationGroupOf, type TurnOutcomeDecision } from '@support/policy';
import { type PersonalData, sealEscalationFields, sealReply } from '@support/privacy';
import type {
  OutgoingEscalation,
  OutgoingReply,
  PendingClarification,
  TurnContext,
} from '../graph/agent-ports.js';
import type { AgentMetrics } from './agent-metrics.js';

/** Ids every side effect of a turn derives from the turn: a node that runs again repeats nothing. */
export const turnIds = {
  retrievalRequest: (turnId: string, callId: string) =>
    deterministicId('kb-search', turnId, callId),
  reply: (turnId: string, kind: string) => deterministicId('reply', turnId, kind),
  replyId: (turnId: string, kind: string) => deterministicId('reply-id', turnId, kind),
  escalation: (turnId: string) => deterministicId('escalation', turnId),
  outcome: (turnId: string) => deterministicId('turn.outcome', turnId),
};

/** The reply each outcome ends its turn with: the outcome names it by its id. */
const REPLY_OF_OUTCOME = {
  answered: 'answer',
  clarified: 'clarification',
  held: 'holding',
  escalated: 'abstention',
} as const satisfies Record<TurnOutcomeKind, ReplyKind>;

/**
 * The agent's bus side: knowledge-base searches as request/reply, replies, escalations and turn
 * outcomes as events. A turn's outcome is counted here, once its `turn.outcome` is on the bus.
 * What quotes the customer (the query, the reply, the clarifying question) is sealed here under
 * the turn's customer's key.
 */
export class BusAgentPorts {
  readonly retrievals = new PendingReplies<RetrievalCompletedPayload>();

  constructor(
    private readonly publisher: EventPublisher,
    private readonly searchTimeoutMs: number,
    private readonly clock: () => Date,
    private readonly metrics: AgentMetrics,
    private readonly personalData: PersonalData,
    private readonly namespace?: string,
  ) {}

  private meta(turn: TurnContext, id: string) {
    return {
      id,
      occurredAt: this.clock().toISOString(),
      conversationId: turn.conversationId,
      turnId: turn.turnId,
      causationId: turn.causeEventId ?? null,
      correlationId: turn.turnId,
      ...inheritSynthetic(turn),
    };
  }

  async searchKnowledgeBase(
    query: string,
    turn: TurnContext,
    callId: string,
    options: { sentenceGate?: boolean } = {},
  ): Promise<RetrievalCompletedPayload | null> {
    return this.metrics.timeStage('kb_search', () =>
      this.search(query, turn, callId, options.sentenceGate === true),
    );
  }

  private async search(
    query: string,
    turn: TurnContext,
    callId: string,
    sentenceGate: boolean,
  ): Promise<RetrievalCompletedPayload | null> {
    const requestId = turnIds.retrievalRequest(turn.turnId, callId);
    const reply = this.retrievals.wait(requestId, this.searchTimeoutMs);
    await this.publisher.publish(
      createEvent(
        RetrievalRequested,
        {
          requestId,
          query: await this.personalData.sealText(turn.customerId, query.slice(0, QUERY_MAX_CHARS)),
          ...(sentenceGate ? { sentenceGate: true } : {}),
          ...((turn.namespace ?? this.namespace)
            ? { namespace: turn.namespace ?? this.namespace }
            : {}),
        },
        // A search has no side effect: each attempt is a new event, so an agent that restarted
        // mid-turn is answered rather than deduplicated into silence.
        this.meta(turn, newEventId()),
      ),
    );
    return (await reply) ?? null;
  }

  async sendReply(turn: TurnContext, reply: OutgoingReply): Promise<void> {
    const id = turnIds.reply(turn.turnId, reply.kind);
    await this.publisher.publish(
      createEvent(
        ReplySent,
        {
          replyId: turnIds.replyId(turn.turnId, reply.kind),
          customerId: turn.customerId,
          kind: reply.kind,
          language: turn.language,
          citations: reply.citations,
          ...(reply.options ? { options: reply.options } : {}),
          ...(await sealReply(this.personalData, turn.customerId, {
            text: reply.text,
            ...(reply.draft !== undefined
              ? { draft: reply.draft.slice(0, REPLY_DRAFT_MAX_CHARS) }
              : {}),
            ...(reply.validation ? { validation: reply.validation } : {}),
          })),
        },
        this.meta(turn, id),
      ),
    );
  }

  async offerClarification(turn: TurnContext, offer: PendingClarification): Promise<void> {
    await this.publisher.publish(
      createEvent(
        ClarificationOffered,
        {
          replyId: turnIds.replyId(turn.turnId, 'clarification'),
          customerId: turn.customerId,
          question: await this.personalData.sealText(turn.customerId, offer.question),
          language: offer.language,
          sections: offer.options.map(({ id, title, docId, chunkId, score }) => ({
            optionId: id,
            title,
            docId,
            chunkId,
            score,
          })),
        },
        this.meta(turn, deterministicId('clarification.offered', turn.turnId)),
      ),
    );
  }

  async recordChoice(
    turn: TurnContext,
    answered: { offer: PendingClarification; choice: ClarifyChoice; optionId?: string },
  ): Promise<void> {
    const { offer, choice } = answered;
    const section = choice.kind === 'section' ? choice.option : null;
    await this.publisher.publish(
      createEvent(
        ClarificationChosen,
        {
          offerReplyId: turnIds.replyId(offer.offerTurnId, 'clarification'),
          offerTurnId: offer.offerTurnId,
          customerId: turn.customerId,
          outcome: choice.kind === 'not_offered' ? 'other' : choice.kind,
          ...(answered.optionId && choice.kind !== 'not_offered'
            ? { optionId: answered.optionId }
            : {}),
          ...(section
            ? { title: section.title, docId: section.docId, chunkId: section.chunkId }
            : {}),
        },
        this.meta(turn, deterministicId('clarification.chosen', turn.turnId)),
      ),
    );
  }

  /** The question, the transcript's lines and the orders named go out sealed (personal). */
  async raiseEscalation(turn: TurnContext, escalation: OutgoingEscalation): Promise<void> {
    const personal = await sealEscalationFields(this.personalData, turn.customerId, {
      question: turn.question.slice(0, ESCALATION_QUESTION_MAX_CHARS),
      transcript: escalation.transcript
        .slice(-TRANSCRIPT_MAX_ENTRIES)
        .map((t) => ({ ...t, text: t.text.slice(0, TRANSCRIPT_LINE_MAX_CHARS) })),
      ordersMentioned: escalation.ordersMentioned.map((o) => o.slice(0, ORDER_REF_MAX_CHARS)),
    });
    await this.publisher.publish(
      createEvent(
        EscalationRaised,
        {
          escalationId: turnIds.escalation(turn.turnId),
          customerId: turn.customerId,
          reason: escalation.reason,
          group: escalationGroupOf(escalation.reason),
          language: turn.language,
          ...personal,
          chunks: escalation.chunks,
        },
        this.meta(turn, deterministicId('escalation.raised', turn.turnId)),
      ),
    );
    if (turn.synthetic) return;
    this.metrics.escalationRaised(escalation.reason, escalationGroupOf(escalation.reason));
  }

  /**
   * The turn's outcome, once per turn: its id derives from the turn, so a turn run again after a
   * crash or a redelivered message publishes the same event (deduplicated by the stream).
   */
  async recordOutcome(turn: TurnContext, decision: TurnOutcomeDecision): Promise<void> {
    await this.publisher.publish(
      createEvent(
        TurnOutcome,
        {
          customerId: turn.customerId,
          replyId: turnIds.replyId(turn.turnId, REPLY_OF_OUTCOME[decision.outcome]),
          ...decision,
          ...(decision.outcome === 'escalated'
            ? { escalationId: turnIds.escalation(turn.turnId) }
            : {}),
        },
        this.meta(turn, turnIds.outcome(turn.turnId)),
      ),
    );
    // Evaluation traffic stays out of the counts, as out of the dashboard.
    if (turn.synthetic) return;
    this.metrics.turnRouted(
      decision.outcome,
      ...(decision.outcome === 'escalated' ? [decision.reason] : []),
    );
  }
}
