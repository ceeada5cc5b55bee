import { performance } from 'node:perf_hooks';
import type { BusConnection } from '@support/bus';
import type { openDatabase } from '@support/persistence';

const ROWS_PER_TRANSACTION = 1_000;
const SCRATCH_TABLE = 'bench_raw_events';

type Database = Awaited<ReturnType<typeof openDatabase>>;

interface RawEvent {
  id: string;
  type: string;
  occurredAt: string;
  conversationId: string | null;
  turnId: string | null;
  payload: unknown;
}

/**
 * What this machine does with no project code in the way, the yardstick for replay: an ordered
 * consumer reads the whole stream, each message is parsed as JSON, and one row per event (its
 * envelope fields and payload as jsonb) is inserted with `unnest`, 1,000 rows a transaction, one
 * transaction after another, into a scratch table dropped afterwards.
 */
export async function rawPipelineBaseline(
  bus: BusConnection,
  dataSource: Database,
): Promise<{ events: number; elapsedMs: number; eventsPerSecond: number }> {
  await dataSource.query(`DROP TABLE IF EXISTS ${SCRATCH_TABLE}`);
  await dataSource.query(
    `CREATE TABLE ${SCRATCH_TABLE} (id text PRIMARY KEY, type text NOT NULL,
       stream_sequence bigint NOT NULL, occurred_at timestamptz NOT NULL, conversation_id text,
       turn_id text, payload jsonb NOT NULL)`,
  );
  const started = performance.now();
  const { last_seq: lastSequence, messages: total } = (
    await bus.jsm.streams.info(bus.options.stream)
  ).state;
  let events = 0;
  if (total > 0) {
    // An ordered consumer, as replay reads: from the first message by default.
    const consumer = await bus.js.consumers.get(bus.options.stream);
    const messages = await consumer.consume({ max_messages: 10_000 });
    let batch: { sequence: number; event: RawEvent }[] = [];
    const insert = async () => {
      if (batch.length === 0) return;
      const rows = batch;
      batch = [];
      await dataSource.transaction((manager) =>
        manager.query(
          `INSERT INTO ${SCRATCH_TABLE}
           SELECT * FROM unnest($1::text[], $2::text[], $3::bigint[], $4::timestamptz[],
                                $5::text[], $6::text[], $7::jsonb[])`,
          [
            rows.map((r) => r.event.id),
            rows.map((r) => r.event.type),
            rows.map((r) => r.sequence),
            rows.map((r) => r.event.occurredAt),
            rows.map((r) => r.event.conversationId),
            rows.map((r) => r.event.turnId),
            rows.map((r) => JSON.stringify(r.event.payload)),
          ],
        ),
      );
    };
    try {
      for await (const message of messages) {
        events += 1;
        batch.push({ sequence: message.seq, event: message.json<RawEvent>() });
        if (batch.length >= ROWS_PER_TRANSACTION) await insert();
        if (message.seq >= lastSequence) break;
      }
    } finally {
      await messages.close();
    }
    await insert();
  }
  const elapsedMs = performance.now() - started;
  await dataSource.query(`DROP TABLE ${SCRATCH_TABLE}`);
  return { events, elapsedMs, eventsPerSecond: events / (elapsedMs / 1000) };
}
