import { BusConnection, busOptionsFromEnv } from '@support/bus';
import {
  ALL_PROJECTIONS,
  openDatabase,
  type ReplayFailure,
  replayFromStart,
} from '@support/persistence';
import { databaseEnv, loadConfig } from '@support/platform';
import cliProgress from 'cli-progress';

/**
 * `replay --from-start | --since TIME [--schema NAME]`: rebuilds the projections from sequence 1 of
 * the stream (or from the first event stored at TIME). With --schema the tables are built in that
 * schema, beside the live ones.
 */
export async function replayCommand(options: {
  schema?: string;
  since?: Date;
  quiet?: boolean;
}): Promise<void> {
  const bus = await BusConnection.open(busOptionsFromEnv('replay'));
  const dataSource = await openDatabase({
    url: loadConfig(databaseEnv).DATABASE_URL,
    schema: options.schema,
  });
  const bar = new cliProgress.SingleBar(
    {
      format: 'replay [{bar}] {percentage}% | {value}/{total} events | {eps} events/s',
      hideCursor: true,
    },
    cliProgress.Presets.shades_classic,
  );
  const started = Date.now();
  try {
    if (!options.quiet) bar.start(1, 0, { eps: 0 });
    const result = await replayFromStart(
      bus,
      dataSource,
      ALL_PROJECTIONS,
      (progress) => {
        if (options.quiet) return;
        bar.setTotal(Math.max(progress.total, 1));
        bar.update(progress.processed, {
          eps: Math.round(progress.processed / ((Date.now() - started) / 1000 || 1)),
        });
      },
      options.since,
    );
    if (!options.quiet) bar.stop();
    const rate = result.events / Math.max(result.elapsedMs / 1000, 0.001);
    console.log(
      `replayed ${result.events} events (${result.applied} applied, ${result.skippedInvalid} invalid skipped) ` +
        `into schema "${options.schema ?? 'public'}" in ${result.elapsedMs} ms: ${Math.round(rate)} events/s`,
    );
    if (result.failed.length > 0) console.warn(describeFailures(result.failed));
  } finally {
    await dataSource.destroy();
    await bus.close();
  }
}

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
