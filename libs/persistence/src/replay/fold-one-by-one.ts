import type { EventEnvelope } from '@support/contracts';
import { AppError, codeOf, type ErrorCode, policyOf } from '@support/platform/pure';
import type { DataSource } from 'typeorm';
import { claimUnprocessed, type SequencedEvent } from '../processed-events.js';
import type { Projection } from '../projections/projection.js';

/** An event a projection refused during a replay (as a live consumer would have dead-lettered it). */
export interface ReplayFailure {
  readonly projection: string;
  readonly streamSequence: number;
  readonly eventId: string;
  readonly eventType: string;
  readonly attempts: number;
  readonly code: ErrorCode;
  readonly reason: string;
}

async function databaseAnswers(dataSource: DataSource): Promise<boolean> {
  try {
    await dataSource.query('SELECT 1');
    return true;
  } catch {
    return false;
  }
}

async function foldAlone(
  dataSource: DataSource,
  projection: Projection,
  item: SequencedEvent,
): Promise<number> {
  return dataSource.transaction(async (manager) => {
    const claimed = await claimUnprocessed(manager, projection.name, [item]);
    await projection.apply(manager, claimed);
    return claimed.length;
  });
}

function failureOf(
  projection: Projection,
  item: SequencedEvent,
  attempts: number,
  error: unknown,
): ReplayFailure {
  const event: EventEnvelope = item.event;
  const message = error instanceof Error ? error.message : String(error);
  return {
    projection: projection.name,
    streamSequence: item.streamSequence,
    eventId: event.id,
    eventType: event.type,
    attempts,
    code: codeOf(error),
    reason: message || (error instanceof Error ? error.name : 'unknown error'),
  };
}

/**
 * A batch that failed as a whole, folded again one event per transaction, in stream order, with
 * the live consumer's rules: an event is tried up to `maxAttempts` times (once when its error says
 * retrying cannot help), then left out with all its effects and reported, and the others go on.
 * A database that stops answering is an outage, not a bad event: the replay stops there.
 */
export async function foldOneByOne(
  dataSource: DataSource,
  perProjection: ReadonlyMap<Projection, readonly SequencedEvent[]>,
  maxAttempts: number,
): Promise<{ applied: number; failed: ReplayFailure[] }> {
  let applied = 0;
  const failed: ReplayFailure[] = [];
  for (const [projection, items] of perProjection)
    for (const item of items)
      for (let attempt = 1; ; attempt++) {
        try {
          applied += await foldAlone(dataSource, projection, item);
          break;
        } catch (error) {
          if (!(await databaseAnswers(dataSource)))
            throw new AppError(
              'database_unavailable',
              `replay stopped at stream sequence ${item.streamSequence}: the database does not answer`,
              { cause: error },
            );
          if (attempt >= maxAttempts || policyOf(error).ack === 'term') {
            failed.push(failureOf(projection, item, attempt, error));
            break;
          }
        }
      }
  return { applied, failed };
}
