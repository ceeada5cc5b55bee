import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { BusConnection, newEventId, readEventLog } from '@support/bus';
import {
  encodeEvent,
  type EnvelopeOf,
  type EventEnvelope,
  MessageReceived,
  TurnOutcome,
} from '@support/contracts';
import { TurnTraceReader } from '@support/persistence';
import { eventually } from '@support/testing';
import { DataSource } from 'typeorm';
import { ask, startSupportStack, type SupportStack } from './support/support-stack.js';

const NEIGHBOUR = "I'm a reseller, can I return unsold stock from my wholesale order?";

describe("a turn's outcome, on the real bus and database: published once, projected", () => {
  let stack: SupportStack;
  let bus: BusConnection;
  beforeAll(async () => {
    // Each service as its own NATS user: the agent may publish turn.outcome, the gateway read it.
    stack = await startSupportStack({ securedBus: true });
    // The operators' user reads the log (as `cli replay` does) and redelivers.
    bus = await BusConnection.open(stack.busOptions('ops'));
  }, 120_000);
  afterAll(async () => {
    await bus?.close();
    await stack?.close();
  });

  const outcomesOf = async (turnId: string) =>
    ((await readEventLog(bus, TurnOutcome)).events as EnvelopeOf<typeof TurnOutcome>[]).filter(
      (e) => e.turnId === turnId,
    );

  const turnRow = async (turnId: string) => {
    const [row] = (await stack.gateway.app
      .get(DataSource)
      .query('SELECT status, escalation_reason, outcome_version FROM turns WHERE id = $1', [
        turnId,
      ])) as { status: string; escalation_reason: string | null; outcome_version: string }[];
    return row;
  };

  /** Publishes `event` again under a new message id, as a publisher that lost its ack would. */
  const redeliver = (event: EventEnvelope) =>
    bus.js.publish(`support.${event.type}`, encodeEvent(event), { msgID: newEventId() });

  /** Long enough for a redelivery to have produced a second event, if it were going to. */
  const settle = () => new Promise((resolve) => setTimeout(resolve, 3_000));

  it('answered, escalated and held turns each publish one outcome, also when their message is delivered again', async () => {
    const { socket, conversationId } = await stack.connect('cust-outcome-1');
    const answered = await ask(socket, 'How long does delivery to Muscat take?');
    expect(answered.reply.kind).toBe('answer');
    const escalated = await ask(socket, NEIGHBOUR);
    expect(escalated.reply.kind).toBe('abstention');
    await eventually(() => stack.conversations().isPaused(conversationId));
    const held = await ask(socket, 'hello? anyone there?');
    expect(held.reply.kind).toBe('holding');

    const [answeredOutcome] = await eventually(async () => {
      const found = await outcomesOf(answered.turnId);
      return found.length > 0 ? found : false;
    });
    expect(answeredOutcome!.payload).toEqual({
      customerId: 'cust-outcome-1',
      replyId: expect.any(String),
      outcome: 'answered',
      reason: 'validation_passed',
    });
    const escalatedOutcome = await eventually(async () => (await outcomesOf(escalated.turnId))[0]);
    expect(escalatedOutcome!.payload).toMatchObject({
      outcome: 'escalated',
      reason: 'below_score_floor',
      group: 'avoidable',
      escalationId: expect.any(String),
    });
    const heldOutcome = await eventually(async () => (await outcomesOf(held.turnId))[0]);
    expect(heldOutcome!.payload).toMatchObject({ outcome: 'held', reason: 'human_active' });
    // Nothing the customer wrote: ids, the outcome and why.
    expect(JSON.stringify(escalatedOutcome!.payload)).not.toMatch(/reseller|pd1\./);

    // Every message of the conversation delivered again: the agent decides nothing twice, and
    // the held turn, run again, publishes its outcome under the same id (deduplicated).
    const { events } = await readEventLog(bus, MessageReceived);
    for (const message of events.filter((e) => e.conversationId === conversationId))
      await redeliver(message);
    await settle();
    for (const [turnId, outcome] of [
      [answered.turnId, answeredOutcome],
      [escalated.turnId, escalatedOutcome],
      [held.turnId, heldOutcome],
    ] as const)
      expect((await outcomesOf(turnId)).map((e) => e.id)).toEqual([outcome!.id]);
    socket.close();
  }, 90_000);

  it('the trace and the dashboard rows take the outcome from the event', async () => {
    const { socket, conversationId } = await stack.connect('cust-outcome-2');
    const answered = await ask(socket, 'How long does delivery to Muscat take?');
    const escalated = await ask(socket, NEIGHBOUR);
    const outcomeVersion = async (turnId: string) => {
      const [outcome] = await outcomesOf(turnId);
      return outcome ? `${new Date(outcome.occurredAt).toISOString()}|${outcome.id}` : false;
    };
    const reader = stack.gateway.app.get(TurnTraceReader);
    for (const [turnId, route, reason, group] of [
      [answered.turnId, 'answered', 'validation_passed', undefined],
      [escalated.turnId, 'escalated', 'below_score_floor', 'avoidable'],
    ] as const) {
      const version = await eventually(() => outcomeVersion(turnId));
      const trace = await eventually(async () => {
        const found = (await reader.ofConversation(conversationId)).find(
          (t) => t.turnId === turnId && t.outcomeVersion !== '',
        );
        return found ?? false;
      });
      expect(trace).toMatchObject({ route, reason, outcomeVersion: version });
      expect(trace.outcome).toEqual({ outcome: route, reason, ...(group ? { group } : {}) });
      // The dashboard's turn counts are folded from this row.
      expect(await eventually(async () => (await turnRow(turnId))?.outcome_version || false)).toBe(
        version,
      );
      expect(await turnRow(turnId)).toMatchObject({
        status: route,
        escalation_reason: route === 'escalated' ? reason : null,
      });
    }
    socket.close();
  }, 60_000);
});
