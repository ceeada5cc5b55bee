import { sealForTests } from '@support/privacy/testing';
import { newEventId } from '@support/bus';
import { seededRandom } from '@support/testing';
import {
  exampleEvent,
  ESCALATION_REASONS,
  ESCALATION_TOPICS,
  EscalationClassified,
  EscalationRaised,
  EscalationWithdrawn,
  type EventDefinition,
  type EventEnvelope,
  EXAMPLE_PAYLOADS,
  MessageReceived,
  ReplySent,
  RetrievalCompleted,
  TurnOutcome,
  WithdrawalRequested,
} from '@support/contracts';
import { escalationGroupOf } from '@support/policy';

const DAY_MS = 24 * 3600_000;

export interface DashboardStory {
  readonly events: EventEnvelope[];
  /** Turns whose customer message is in the story (evaluation traffic left out). */
  readonly turns: number;
  readonly escalations: number;
  readonly withdrawn: number;
}

const ARABIC_QUESTIONS = [
  'هل يمكنني إرجاع طلب الجملة؟',
  'متى يصل طلبي إلى الرياض؟',
  'هل تقبلون الدفع عند الاستلام؟',
];

/**
 * An event log as the dashboard sees it, over the given UTC days: answered, escalated (every
 * reason), held, still open and re-answered turns, latencies with ties, one below zero (clocks that
 * disagree) and turns that start just before midnight; escalations classified, reclassified, never
 * classified (`pending`) or withdrawn, with English and Arabic questions; retrieval legs that timed
 * out and rerankers that failed open; and evaluation traffic, which the dashboard leaves out.
 */
export function dashboardStory(days: readonly Date[], seed: number): DashboardStory {
  const next = seededRandom(seed);
  const pick = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)]!;
  const events: EventEnvelope[] = [];
  let turns = 0;
  let escalations = 0;
  let withdrawn = 0;
  let question = 0;
  let skewed = false;
  let turnIndex = 0;

  for (const day of days) {
    for (let c = 0; c < 6; c++) {
      const conversationId = `conv-${day.toISOString().slice(0, 10)}-${c}`;
      const customerId = `cust-${c}`;
      const synthetic = next() < 0.08;
      const turnCount = 1 + Math.floor(next() * 3);
      for (let t = 0; t < turnCount; t++) {
        const turnId = newEventId();
        // The last conversation of a day starts a second before midnight; its reply is the next day.
        const start =
          c === 5 && t === 0
            ? day.getTime() + DAY_MS - 1_000
            : day.getTime() + Math.floor(next() * (DAY_MS - 120_000));
        const at = (offsetMs: number) => new Date(start + offsetMs).toISOString();
        const make = <D extends EventDefinition>(
          definition: D,
          offsetMs: number,
          payload: Record<string, unknown>,
        ) =>
          exampleEvent(
            definition,
            {
              id: newEventId(),
              occurredAt: at(offsetMs),
              conversationId,
              turnId,
              correlationId: turnId,
              ...(synthetic ? { synthetic: true } : {}),
            },
            payload as never,
          );
        const reply = (kind: string, offsetMs: number) =>
          make(ReplySent, offsetMs, { customerId, replyId: newEventId(), kind });
        // Ties on purpose: a few latencies repeat.
        const latency = next() < 0.2 ? pick([250, 800, 1200]) : 40 + Math.floor(next() * 6_000);
        const turn: EventEnvelope[] = [
          make(MessageReceived, 0, {
            customerId,
            messageId: newEventId(),
            text: sealForTests(`Question ${question++}`),
            attachments: [],
          }),
        ];
        const example = EXAMPLE_PAYLOADS['retrieval.completed'] as {
          legs: { leg: string; status: string }[];
          rerank: Record<string, unknown>;
        };
        turn.push(
          make(RetrievalCompleted, 30, {
            requestId: newEventId(),
            legs: example.legs.map((leg) => ({
              ...leg,
              status: leg.leg === 'sparse_en' && next() < 0.15 ? 'timed_out' : leg.status,
            })),
            rerank: { ...example.rerank, failOpen: next() < 0.1 },
          }),
        );

        // How the turn ended, as its `turn.outcome` says (at the given time), when it has ended.
        let ended: { at: number; payload: Record<string, unknown> } | null = null;
        const answered = (at: number) => ({
          at,
          payload: { outcome: 'answered', reason: 'validation_passed' },
        });
        const outcome = next();
        if (!skewed && !synthetic) {
          // The agent's clock is behind the gateway's: the reply is stamped before the message.
          skewed = true;
          turn.push(reply('answer', -200));
          ended = answered(-200);
        } else if (outcome < 0.45) {
          turn.push(reply('answer', latency));
          ended = answered(latency);
        } else if (outcome < 0.5) {
          // Answered twice (a retry): the turn ends with the later reply.
          turn.push(reply('answer', latency), reply('answer', latency + 900));
          ended = answered(latency);
        } else if (outcome < 0.78) {
          const escalationId = newEventId();
          const reason = pick(ESCALATION_REASONS);
          const arabic = next() < 0.4;
          if (reason !== 'agent_requested') turn.push(reply('abstention', latency));
          turn.push(
            make(EscalationRaised, latency + 1, {
              customerId,
              escalationId,
              reason,
              group: escalationGroupOf(reason),
              language: arabic ? 'ar' : 'en',
              question: sealForTests(
                arabic ? `${pick(ARABIC_QUESTIONS)} (${question})` : `Escalated ${question}`,
              ),
            }),
          );
          ended = {
            at: latency + 1,
            payload: {
              outcome: 'escalated',
              reason,
              group: escalationGroupOf(reason),
              escalationId,
            },
          };
          const classified = next();
          const classify = (offsetMs: number, topic: string, classifier: string) =>
            make(EscalationClassified, offsetMs, { escalationId, topic, classifier });
          if (classified < 0.6) turn.push(classify(latency + 2, pick(ESCALATION_TOPICS), 'rules'));
          else if (classified < 0.8)
            // A fallback label first, the real one later: the escalation moves between topics.
            turn.push(
              classify(latency + 2, 'unclassified', 'fallback'),
              classify(latency + 60_000, pick(ESCALATION_TOPICS), 'llm'),
            );
          // else never classified: counted under `pending`.
          if (next() < 0.2) {
            const requestId = newEventId();
            turn.push(
              make(WithdrawalRequested, latency + 30_000, { requestId, customerId }),
              make(EscalationWithdrawn, latency + 30_001, { escalationId, customerId, requestId }),
            );
            if (!synthetic) withdrawn++;
          }
          if (!synthetic) escalations++;
        } else if (outcome < 0.9) {
          turn.push(reply('holding', latency));
          ended = { at: latency, payload: { outcome: 'held', reason: 'human_active' } };
        }
        // else: no reply yet, the turn stays open.
        // Every other turn was logged before the agent published `turn.outcome`: both read alike.
        if (ended && turnIndex++ % 2 === 0)
          turn.push(
            make(TurnOutcome, ended.at, {
              customerId,
              replyId: newEventId(),
              group: undefined,
              escalationId: undefined,
              ...ended.payload,
            }),
          );
        if (!synthetic) turns++;
        // Some turns reach the log out of order (the reply before the customer message).
        events.push(...(next() < 0.2 ? turn.reverse() : turn));
      }
    }
  }
  return { events, turns, escalations, withdrawn };
}
