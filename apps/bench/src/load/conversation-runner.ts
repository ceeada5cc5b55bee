import { performance } from 'node:perf_hooks';
import type { TestSocket } from '@support/testing';
import type { ObservedTurn } from '../stage-timings.js';

/**
 * Delivery and returns questions (English and Arabic) that the shipped knowledge base answers on
 * this path. Dialect questions such as "شحال ياخذ التوصيل لأبوظبي؟" abstain here: the fake
 * reranker scores by exact word overlap and puts them under the floor.
 */
export const ANSWERABLE_QUESTIONS = [
  'How long does delivery to Muscat take?',
  'كم رسوم التوصيل للرياض إذا قيمة طلبي 200 ريال؟',
  'delivery fee to Kuwait for an 18 KWD order?',
  'في الكويت، المندوب يجي ياخذ المرتجع من البيت؟ وبعد كم يوم؟',
  'can I send back oud oil if I already opened it',
  'إذا رجعت الطلب، رسوم الدفع عند الاستلام ترجع لي؟',
];

export interface TurnOutcome extends ObservedTurn {
  readonly kind: string;
  readonly latencyMs: number;
}

export interface ConversationResult {
  readonly turns: TurnOutcome[];
  /** Error frames (e.g. `rate_limited`) and timeouts, by code. */
  readonly failures: string[];
}

const REPLY_TIMEOUT_MS = 60_000;

/**
 * One conversation: its questions one after another, each sent and then awaited until the reply
 * frame of its turn arrives. A refused message or a timeout is recorded; a timeout ends the
 * conversation (its later replies could no longer be told apart).
 */
export async function runConversation(
  socket: TestSocket,
  questions: readonly string[],
  idPrefix: string,
  afterTurn?: (index: number) => Promise<void>,
): Promise<ConversationResult> {
  const turns: TurnOutcome[] = [];
  const failures: string[] = [];
  for (const [i, text] of questions.entries()) {
    const clientMessageId = `${idPrefix}-${i}`;
    const from = socket.frames.length;
    const sentAtMs = Date.now();
    const started = performance.now();
    socket.send({ type: 'message', clientMessageId, text });
    try {
      const answer = await socket.next(
        (f) => (f.type === 'ack' || f.type === 'error') && f.clientMessageId === clientMessageId,
        REPLY_TIMEOUT_MS,
        from,
      );
      if (answer.type === 'error') {
        failures.push(String(answer.code));
        continue;
      }
      const reply = await socket.next(
        (f) => f.type === 'reply' && f.turnId === answer.turnId,
        REPLY_TIMEOUT_MS,
        from,
      );
      turns.push({
        turnId: String(answer.turnId),
        index: i,
        kind: String(reply.kind),
        latencyMs: performance.now() - started,
        sentAtMs,
        receivedAtMs: Date.now(),
      });
    } catch {
      failures.push('timeout');
      break;
    }
    // Outside the turn's timing: what the bench reads between turns is not the turn's latency.
    await afterTurn?.(i);
  }
  return { turns, failures };
}
