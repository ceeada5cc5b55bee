import { BusConnection, busOptionsFromEnv } from '@support/bus';
import { ALL_PROJECTIONS, openDatabase, replayFromStart } from '@support/persistence';
import { databaseEnv, loadConfig } from '@support/platform/pure';
import { describeFailures } from './replay-failures.js';
import { replayProgressBar } from './replay-progress.js';

/**
 * `replay --from-start | --since TIME [--schema NAME] [--json]`: rebuilds the projections from
 * sequence 1 of the stream (or from the first event stored at TIME). With --schema the tables are
 * built in that schema, beside the live ones. A progress bar with events/s and the time left goes
 * to stderr at a terminal, unless --quiet or --json (the outcome as JSON on stdout).
 */
export async function replayCommand(options: {
  schema?: string;
  since?: Date;
  quiet?: boolean;
  json?: boolean;
}): Promise<void> {
  const bus = await BusConnection.open(busOptionsFromEnv('replay'));
  const dataSource = await openDatabase({
    url: loadConfig(databaseEnv).DATABASE_URL,
    schema: options.schema,
  });
  const bar = options.quiet || options.json ? null : replayProgressBar();
  try {
    const result = await replayFromStart(bus, dataSource, ALL_PROJECTIONS, {
      onProgress: (progress) => bar?.update(progress),
      since: options.since,
    }).finally(() => bar?.stop());
    const rate = result.events / Math.max(result.elapsedMs / 1000, 0.001);
    const schema = options.schema ?? 'public';
    if (options.json) {
      process.stdout.write(
        `${JSON.stringify({ schema, ...result, eventsPerSecond: Math.round(rate) }, null, 2)}\n`,
      );
      return;
    }
    console.log(
      `replayed ${result.events} events (${result.applied} applied, ${result.skippedInvalid} invalid skipped) ` +
        `into schema "${schema}" in ${result.elapsedMs} ms: ${Math.round(rate)} events/s`,
    );
    if (result.failed.length > 0) console.warn(describeFailures(result.failed));
  } finally {
    await dataSource.destroy();
    await bus.close();
  }
}
