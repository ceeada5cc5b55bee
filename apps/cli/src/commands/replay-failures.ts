import type { ReplayFailure } from '@support/persistence';

const LISTED_FAILURES = 50;

/** The events a projection refused: left out of the tables, as live consumers dead-letter them. */
export function describeFailures(failed: readonly ReplayFailure[]): string {
  const lines = failed
    .slice(0, LISTED_FAILURES)
    .map(
      (f) =>
        `  seq ${f.streamSequence}  ${f.eventType} ${f.eventId}  ${f.projection}: ` +
        `${f.code} after ${f.attempts} ${f.attempts === 1 ? 'try' : 'tries'}: ${f.reason}`,
    );
  if (failed.length > LISTED_FAILURES)
    lines.push(`  ... and ${failed.length - LISTED_FAILURES} more`);
  return [
    `${failed.length} event(s) could not be projected and were left out (live consumers dead-letter them the same way):`,
    ...lines,
  ].join('\n');
}
