import 'reflect-metadata';
import { parseArgs } from 'node:util';
import { busLatencyBench } from './bus-latency.bench.js';
import { replayBench } from './replay.bench.js';

/**
 * `npm run bench -- [bus|replay|all] [--events N]`: prints numbers as JSON lines. Uses the local
 * NATS (NATS_URL) and PostgreSQL (a throw-away database), with streams of their own.
 */
const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { events: { type: 'string' }, 'replay-events': { type: 'string' } },
});
const which = positionals[0] ?? 'all';
const run = async () => {
  if (which === 'bus' || which === 'all') {
    const result = await busLatencyBench(Number(values.events ?? 5000));
    console.log(JSON.stringify({ bench: 'publish_to_consume', ...result }));
  }
  if (which === 'replay' || which === 'all') {
    const result = await replayBench(Number(values['replay-events'] ?? values.events ?? 100_000));
    console.log(JSON.stringify({ bench: 'replay_from_start', ...result }));
  }
};
run().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
