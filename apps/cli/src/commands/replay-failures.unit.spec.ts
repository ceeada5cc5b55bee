import { describe, expect, it } from '@jest/globals';
import type { ReplayFailure } from '@support/persistence';
import { describeFailures } from './replay-failures.js';

const failure = (n: number): ReplayFailure => ({
  projection: 'conversations',
  streamSequence: n,
  eventId: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  eventType: 'conversation.message_received',
  attempts: 5,
  code: 'internal',
  reason: 'new row violates check constraint',
});

describe('describeFailures', () => {
  it('names each refused event by sequence, id, projection and reason', () => {
    expect(describeFailures([failure(42)])).toBe(
      '1 event(s) could not be projected and were left out (live consumers dead-letter them the same way):\n' +
        '  seq 42  conversation.message_received 00000000-0000-4000-8000-000000000042  conversations: ' +
        'internal after 5 tries: new row violates check constraint',
    );
  });

  it('lists the first fifty and counts the rest', () => {
    const lines = describeFailures(Array.from({ length: 53 }, (_, i) => failure(i + 1))).split(
      '\n',
    );
    expect(lines).toHaveLength(1 + 50 + 1);
    expect(lines.at(-1)).toBe('  ... and 3 more');
  });
});
