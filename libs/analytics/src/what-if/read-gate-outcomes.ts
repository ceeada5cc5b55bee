import { DeliverPolicy } from '@nats-io/jetstream';
import type { BusConnection } from '@support/bus';
import {
  decodeEvent,
  EscalationRaised,
  type EscalationReason,
  isEvent,
  isSynthetic,
  RetrievalCompleted,
  type RetrievalCompletedPayload,
} from '@support/contracts';
import type { GateOutcome } from './what-if.js';

interface TurnRecord {
  retrieval: RetrievalCompletedPayload | null;
  escalationReason: EscalationReason | null;
}

/** Folds the events of one turn into its gate outcome (pure; exported for tests). */
export function toGateOutcome(turnId: string, record: TurnRecord): GateOutcome {
  const gate = record.retrieval?.gate;
  return {
    turnId,
    verdict: record.retrieval?.verdict ?? null,
    gateKind: gate?.kind ?? null,
    topScore: gate?.topScore ?? null,
    floor: gate?.floor ?? null,
    escalationReason: record.escalationReason,
  };
}

/**
 * Reads the whole stream from sequence 1 with an ordered consumer (as replay does) and returns one
 * gate outcome per turn, in the order turns first appear: the turn's last `retrieval.completed`
 * joined with its `escalation.raised` (the last one, if several). Events without a turn id, events
 * that fail to decode and evaluation traffic (synthetic events; `whatif --eval-rows` reads those
 * from the eval's own rows) are skipped. A turn with an escalation but no retrieval is kept
 * (verdict null): it counts as escalated and no floor can change it.
 */
export async function readGateOutcomes(bus: BusConnection): Promise<GateOutcome[]> {
  const info = await bus.jsm.streams.info(bus.options.stream);
  const lastSequence = info.state.last_seq;
  if (info.state.messages === 0) return [];

  const turns = new Map<string, TurnRecord>();
  const record = (turnId: string) => {
    let entry = turns.get(turnId);
    if (!entry) {
      entry = { retrieval: null, escalationReason: null };
      turns.set(turnId, entry);
    }
    return entry;
  };

  const consumer = await bus.js.consumers.get(bus.options.stream, {
    deliver_policy: DeliverPolicy.All,
  });
  const messages = await consumer.consume({ max_messages: 1_000 });
  try {
    for await (const message of messages) {
      if (
        message.subject === RetrievalCompleted.subject ||
        message.subject === EscalationRaised.subject
      ) {
        let event;
        try {
          event = decodeEvent(message.data);
        } catch {
          event = null;
        }
        if (event?.turnId && !isSynthetic(event)) {
          if (isEvent(event, RetrievalCompleted)) record(event.turnId).retrieval = event.payload;
          else if (isEvent(event, EscalationRaised))
            record(event.turnId).escalationReason = event.payload.reason;
        }
      }
      if (message.seq >= lastSequence) break;
    }
  } finally {
    await messages.close();
  }
  return [...turns].map(([turnId, entry]) => toGateOutcome(turnId, entry));
}
