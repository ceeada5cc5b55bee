import { sealForTests } from '@support/privacy/testing';
import {
  exampleEvent,
  EscalationRaised,
  type EventDefinition,
  type EventEnvelope,
  MessageReceived,
  ReplySent,
  RerankCompleted,
  RerankRequested,
  RetrievalCompleted,
  RetrievalRequested,
  TurnOutcome,
} from '@support/contracts';

/** Test fixtures: the events of three turns (answered, escalated after fail-open, held). */
export interface TraceFixtureOptions {
  /** Event ids; deterministic in unit tests, unique in integration tests. */
  readonly newId: () => string;
  readonly conversationId: string;
  readonly turnIds: readonly [string, string, string];
  /** Minute 0 of the story. */
  readonly start: Date;
  /** Applied to every free text and to the conversation and turn ids (default: as they are). */
  readonly say?: (text: string) => string;
  /**
   * Each turn ends with its `turn.outcome`, as the agent publishes it; without it (the default),
   * the story is a log from before the event existed.
   */
  readonly turnOutcomes?: boolean;
}

export const chunk = (n: number, text: string, score: number) => ({
  chunkId: `returns-retail#${n}`,
  docId: 'returns-retail',
  title: 'Returns (retail)',
  lang: 'en' as const,
  text,
  score,
});

export const ANSWER_CHUNKS = [
  chunk(2, 'Unworn items can be returned within 14 days of delivery.', 0.82),
  chunk(5, 'Refunds go to the original payment method\nwithin 5 working days.', 0.61),
  chunk(1, 'Sale items are final sale.', 0.33),
];

export function traceStory(options: TraceFixtureOptions): EventEnvelope[] {
  const [t1, t2, t3] = options.turnIds;
  const say = options.say ?? ((text: string) => text);
  /** Personal fields (what the customer wrote, the query, the reply) go sealed. */
  const sealed = (text: string) => sealForTests(say(text));
  const at = (second: number) => new Date(options.start.getTime() + second * 1_000).toISOString();
  const make = (
    definition: EventDefinition,
    turnId: string,
    second: number,
    payload: Record<string, unknown>,
  ) =>
    exampleEvent(
      definition,
      {
        id: options.newId(),
        occurredAt: at(second),
        conversationId: say(options.conversationId),
        turnId: say(turnId),
        correlationId: turnId,
      },
      payload as never,
    );
  const legs = (sparseStatus: string) => [
    { leg: 'dense', status: 'ok', latencyMs: 12, hits: 20 },
    {
      leg: 'sparse_en',
      status: sparseStatus,
      latencyMs: sparseStatus === 'ok' ? 3 : 2000,
      hits: sparseStatus === 'ok' ? 9 : 0,
    },
    { leg: 'sparse_ar', status: 'skipped', latencyMs: 0, hits: 0 },
  ];
  const fused = (chunks: { chunkId: string }[]) =>
    chunks.map((c, i) => ({
      chunkId: c.chunkId,
      docId: 'returns-retail',
      rrfScore: 1 / (61 + i) + 1 / (62 + i),
      ranks: { dense: i + 1, sparse_en: i + 2 },
    }));
  const requestA = options.newId();
  const requestB = options.newId();
  const requestC = options.newId();
  const firstChunks = [chunk(9, say('Wholesale terms are agreed per contract.'), 0.12)];
  const answerChunks = ANSWER_CHUNKS.map((c) => ({ ...c, title: say(c.title), text: say(c.text) }));
  const outcome = (turnId: string, second: number, payload: Record<string, unknown>) =>
    options.turnOutcomes
      ? [
          make(TurnOutcome, turnId, second, {
            replyId: options.newId(),
            group: undefined,
            escalationId: undefined,
            ...payload,
          }),
        ]
      : [];

  return [
    // Turn 1: two searches, the second one's chunks enter the prompt; a validated answer.
    make(MessageReceived, t1, 0, {
      messageId: options.newId(),
      text: sealed('Can I return a dress?'),
    }),
    make(RetrievalRequested, t1, 1, { requestId: requestA, query: sealed('wholesale return') }),
    make(RetrievalCompleted, t1, 2, {
      requestId: requestA,
      verdict: 'below_score_floor',
      legs: legs('ok'),
      fused: fused(firstChunks),
      rerank: {
        scorer: 'cross_encoder',
        failOpen: false,
        scores: [{ chunkId: 'returns-retail#9', score: 0.12 }],
        latencyMs: 40,
      },
      gate: { kind: 'reranker', floor: 0.3, topScore: 0.12, passed: false },
      chunks: firstChunks,
      latencyMs: 70,
    }),
    make(RetrievalRequested, t1, 3, { requestId: requestB, query: sealed('return a dress') }),
    make(RerankRequested, t1, 4, { requestId: options.newId() }),
    make(RerankCompleted, t1, 5, {}),
    make(RetrievalCompleted, t1, 6, {
      requestId: requestB,
      verdict: 'ok',
      legs: legs('ok'),
      fused: fused(answerChunks),
      rerank: {
        scorer: 'cross_encoder',
        failOpen: false,
        scores: answerChunks.map(({ chunkId, score }) => ({ chunkId, score })),
        latencyMs: 41,
      },
      gate: { kind: 'reranker', floor: 0.3, topScore: 0.82, passed: true },
      chunks: answerChunks,
      latencyMs: 60,
    }),
    make(ReplySent, t1, 9, {
      replyId: options.newId(),
      kind: 'answer',
      text: sealed(
        'Yes, within 14 days [returns-retail#2]. Refunds take 5 days [returns-retail#5].',
      ),
      draft: sealed(
        'Yes, within 14 days [returns-retail#2]. Refunds take 5 days [returns-retail#5]. Hi!',
      ),
      validation: {
        passed: true,
        sentences: [
          {
            text: sealed('Yes, within 14 days [returns-retail#2].'),
            factual: true,
            citations: ['returns-retail#2'],
            ok: true,
          },
          {
            text: sealed('Refunds take 5 days [returns-retail#5].'),
            factual: true,
            citations: ['returns-retail#5'],
            ok: true,
          },
          { text: sealed('Hi!'), factual: false, citations: [], ok: true },
        ],
      },
    }),
    ...outcome(t1, 9, { outcome: 'answered', reason: 'validation_passed' }),
    // Turn 2: the reranker fails open, the lexical gate fails; abstention and escalation.
    make(MessageReceived, t2, 60, {
      messageId: options.newId(),
      text: sealed('Wholesale refund?'),
    }),
    make(RetrievalRequested, t2, 61, { requestId: requestC, query: sealed('wholesale refund') }),
    make(RetrievalCompleted, t2, 63, {
      requestId: requestC,
      verdict: 'below_score_floor',
      legs: legs('timed_out'),
      fused: fused(firstChunks),
      rerank: {
        scorer: 'lexical',
        failOpen: true,
        scores: [],
        latencyMs: 2000,
        error: { code: 'timeout', message: say('reranker did not answer in 2000 ms') },
      },
      gate: { kind: 'lexical', floor: 0.25, topScore: 0.1, passed: false },
      chunks: firstChunks,
      latencyMs: 2100,
    }),
    make(ReplySent, t2, 64, {
      replyId: options.newId(),
      kind: 'abstention',
      text: sealed('A colleague will get back to you.'),
      citations: [],
      draft: undefined,
      validation: undefined,
    }),
    ...((escalationId: string) => [
      make(EscalationRaised, t2, 64, { escalationId, reason: 'below_score_floor' }),
      ...outcome(t2, 64, {
        outcome: 'escalated',
        reason: 'below_score_floor',
        group: 'avoidable',
        escalationId,
      }),
    ])(options.newId()),
    make(ReplySent, t2, 300, {
      replyId: options.newId(),
      kind: 'human',
      text: sealed('Hi, admin here.'),
      citations: [],
      draft: undefined,
      validation: undefined,
    }),
    // Turn 3: a human has the conversation; a holding note.
    make(MessageReceived, t3, 400, {
      messageId: options.newId(),
      text: sealed('Any news?'),
    }),
    make(ReplySent, t3, 401, {
      replyId: options.newId(),
      kind: 'holding',
      text: sealed('A colleague is on it.'),
      citations: [],
      draft: undefined,
      validation: undefined,
    }),
    ...outcome(t3, 401, { outcome: 'held', reason: 'human_active' }),
  ];
}
