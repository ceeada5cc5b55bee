import { describe, expect, it } from '@jest/globals';
import {
  createEvent,
  DeadLetterRedriven,
  DeadLettered,
  EXAMPLE_PAYLOADS,
  type PayloadOf,
} from '@support/contracts';
import { deadLetterRows, rowsToRedrive } from './dead-letter-rows.js';

const at = '2026-12-02T10:00:00.000Z';
const recorded = (id: string, streamSequence: number) =>
  createEvent(
    DeadLettered,
    {
      ...(EXAMPLE_PAYLOADS['deadletter.recorded'] as unknown as PayloadOf<typeof DeadLettered>),
      streamSequence,
    },
    { id, occurredAt: at, correlationId: id },
  );
const redriven = (deadLetterId: string) =>
  createEvent(
    DeadLetterRedriven,
    {
      ...(EXAMPLE_PAYLOADS['deadletter.redriven'] as unknown as PayloadOf<
        typeof DeadLetterRedriven
      >),
      deadLetterId,
      redriveSequence: 99,
    },
    { id: `${deadLetterId.slice(0, 35)}f`, occurredAt: at, correlationId: deadLetterId },
  );

const A = 'aaaaaaaa-0000-4000-8000-000000000001';
const B = 'aaaaaaaa-0000-4000-8000-000000000002';
const C = 'cccccccc-0000-4000-8000-000000000003';

describe('dead letter rows', () => {
  const rows = deadLetterRows(
    [recorded(A, 1), recorded(B, 2), recorded(A, 1), recorded(C, 3)],
    [redriven(B)],
  );

  it('lists each dead letter once, in log order, with its re-drive', () => {
    expect(rows.map((r) => [r.id, r.streamSequence, r.redriven?.redriveSequence ?? null])).toEqual([
      [A, 1, null],
      [B, 2, 99],
      [C, 3, null],
    ]);
  });

  it('re-drives everything not re-driven yet, or the ids given (unique prefixes too)', () => {
    expect(rowsToRedrive(rows, { all: true }).map((r) => r.id)).toEqual([A, C]);
    expect(rowsToRedrive(rows, { ids: [C.slice(0, 8), B] }).map((r) => r.id)).toEqual([C, B]);
  });

  it('refuses an unknown or ambiguous id', () => {
    expect(() => rowsToRedrive(rows, { ids: ['dddddddd'] })).toThrow(/No dead letter/);
    expect(() => rowsToRedrive(rows, { ids: ['aaaaaaaa'] })).toThrow(/ambiguous/);
    expect(() => rowsToRedrive(rows, { ids: ['cccc'] })).toThrow(/No dead letter/);
  });
});
