import type { DeadLetterRedriven, DeadLettered, EnvelopeOf } from '@support/contracts';
import { AppError } from '@support/platform/pure';

/** One dead-lettered message as an operator sees it, and whether it was re-driven. */
export interface DeadLetterRow {
  /** The `deadletter.recorded` event id: what `cli deadletters redrive` takes. */
  readonly id: string;
  readonly recordedAt: string;
  readonly correlationId: string;
  readonly consumer: string;
  readonly subject: string;
  readonly streamSequence: number;
  readonly cause: 'invalid' | 'exhausted';
  readonly errorCode: string;
  readonly reason: string;
  readonly deliveries: number;
  readonly originalEventId?: string;
  readonly dataBase64: string;
  readonly redriven: { readonly at: string; readonly redriveSequence: number } | null;
}

/**
 * The dead letters in log order, each with its re-drive if there was one. An event id is the
 * event: copies of a record (a publisher that lost its ack) count once.
 */
export function deadLetterRows(
  recorded: readonly EnvelopeOf<typeof DeadLettered>[],
  redriven: readonly EnvelopeOf<typeof DeadLetterRedriven>[],
): DeadLetterRow[] {
  const redrives = new Map(redriven.map((r) => [r.payload.deadLetterId, r]));
  const unique = new Map(recorded.map((event) => [event.id, event]));
  return [...unique.values()].map((event) => {
    const p = event.payload;
    const redrive = redrives.get(event.id);
    return {
      id: event.id,
      recordedAt: event.occurredAt,
      correlationId: event.correlationId,
      consumer: p.consumer,
      subject: p.originalSubject,
      streamSequence: p.streamSequence,
      cause: p.cause,
      errorCode: p.errorCode,
      reason: p.reason,
      deliveries: p.deliveries,
      ...(p.originalEventId ? { originalEventId: p.originalEventId } : {}),
      dataBase64: p.dataBase64,
      redriven: redrive
        ? { at: redrive.occurredAt, redriveSequence: redrive.payload.redriveSequence }
        : null,
    };
  });
}

/**
 * The rows a redrive request names: every one not re-driven yet (`all`), or those whose id is
 * given (a unique prefix of at least 8 characters will do). Unknown or ambiguous ids are errors;
 * a row re-driven before is returned as such, and the caller leaves it alone.
 */
export function rowsToRedrive(
  rows: readonly DeadLetterRow[],
  request: { readonly all: true } | { readonly ids: readonly string[] },
): DeadLetterRow[] {
  if ('all' in request) return rows.filter((row) => row.redriven === null);
  return request.ids.map((id) => {
    const matches =
      id.length >= 8
        ? rows.filter((row) => row.id.startsWith(id))
        : rows.filter((row) => row.id === id);
    if (matches.length === 0) throw new AppError('not_found', `No dead letter with id ${id}`);
    if (matches.length > 1)
      throw new AppError('validation_failed', `Dead letter id ${id} is ambiguous: give more of it`);
    return matches[0]!;
  });
}
