import { describe, expect, it } from '@jest/globals';
import {
  createEvent,
  EXAMPLE_PAYLOADS,
  MessageReceived,
  WithdrawalRequested,
} from '@support/contracts';
import { TurnLatency } from './turn-latency.js';

const meta = (id: string, turnId: string) => ({
  id,
  occurredAt: '2026-01-01T00:00:00.000Z',
  conversationId: 'conv-1',
  turnId,
  correlationId: '00000000-0000-4000-8000-00000000c0c0',
});
const message = (n: number, turnId: string) =>
  createEvent(
    MessageReceived,
    EXAMPLE_PAYLOADS['conversation.message_received'] as never,
    meta(`00000000-0000-4000-8000-00000000000${n}`, turnId),
  );

/** A latency clock the test moves by hand, and the seconds it recorded. */
function measured(capacity?: number) {
  let now = 0;
  const recorded: number[] = [];
  const latency = new TurnLatency(
    (seconds) => recorded.push(seconds),
    () => now,
    capacity,
  );
  const sink = latency.timingSink({ publish: async () => undefined });
  return { latency, sink, recorded, advance: (ms: number) => (now += ms) };
}

describe('TurnLatency', () => {
  it("times a turn from its message's publish to the first reply delivered, once", async () => {
    const { latency, sink, recorded, advance } = measured();
    await sink.publish(message(1, 'turn-1'));
    advance(1_250);
    latency.replied('turn-1', 'answer');
    advance(500);
    latency.replied('turn-1', 'holding');
    expect(recorded).toEqual([1.25]);
  });

  it('leaves out what is not a reply to a turn of this gateway', async () => {
    const { latency, sink, recorded, advance } = measured();
    await sink.publish(message(1, 'turn-1'));
    await sink.publish(
      createEvent(
        WithdrawalRequested,
        EXAMPLE_PAYLOADS['conversation.withdrawal_requested'] as never,
        meta('00000000-0000-4000-8000-0000000000f1', 'turn-w'),
      ),
    );
    advance(100);
    latency.replied('turn-1', 'human');
    latency.replied('turn-w', 'answer');
    latency.replied('turn-elsewhere', 'answer');
    latency.replied(null, 'answer');
    expect(recorded).toEqual([]);
    latency.replied('turn-1', 'abstention');
    expect(recorded).toEqual([0.1]);
  });

  it('starts no clock for a publish that failed, and forgets the oldest turn past its capacity', async () => {
    const { latency, sink, recorded } = measured(2);
    const failing = latency.timingSink({
      publish: async () => {
        throw new Error('bus down');
      },
    });
    await expect(failing.publish(message(1, 'turn-lost'))).rejects.toThrow('bus down');
    for (const n of [2, 3, 4]) await sink.publish(message(n, `turn-${n}`));
    for (const turn of ['turn-lost', 'turn-2', 'turn-3', 'turn-4']) latency.replied(turn, 'answer');
    expect(recorded).toEqual([0, 0]);
  });
});
