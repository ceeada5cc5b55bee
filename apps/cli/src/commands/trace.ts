import { openDatabase, personalDataOf, renderTrace, TurnTraceReader } from '@support/persistence';
import { databaseEnv, loadConfig } from '@support/platform';

/**
 * `trace TURN_ID [--json]`: prints what the log says about one turn: the customer message, the
 * route and why, the retrieval legs, fused list, reranker and gate, the exact prompt chunks, the
 * draft, the validation verdict sentence by sentence, and the reply or abstention.
 */
export async function traceCommand(
  turnId: string,
  options: { json?: boolean } = {},
): Promise<void> {
  const dataSource = await openDatabase({ url: loadConfig(databaseEnv).DATABASE_URL, poolSize: 2 });
  try {
    const trace = await new TurnTraceReader(dataSource, personalDataOf(dataSource)).find(turnId);
    if (!trace) {
      console.error(
        `no trace for turn ${turnId} (is the turn_traces projection running or replayed?)`,
      );
      process.exitCode = 1;
      return;
    }
    process.stdout.write(options.json ? `${JSON.stringify(trace, null, 2)}\n` : renderTrace(trace));
  } finally {
    await dataSource.destroy();
  }
}
