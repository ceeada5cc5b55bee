import 'reflect-metadata';
import { parseArgs } from 'node:util';
import { busLatencyBench } from './bus-latency.bench.js';
import { connectionsBench } from './connections.bench.js';
import { replayBench } from './replay.bench.js';
import { chooseFloor, recallByKind, runQuestions, sweepFloors } from './calibrate.bench.js';
import { retrievalBench, sparseEncodingBench } from './retrieval.bench.js';
import { turnsBench } from './turns.bench.js';

/**
 * `npm run bench -- [bus|replay|all] [--events N]`: prints numbers as JSON lines. Uses the local
 * NATS (NATS_URL) and PostgreSQL (a throw-away database), with streams of their own.
 *
 * Load benches (not in `all`), each on a bench-owned nats-server and database with the services
 * as child processes from their dist (build first):
 * `connections [--connections 1000,5000,10000] [--hold-seconds 5]` and
 * `turns [--concurrency 1,50,200] [--turns-per-conversation 5] [--model-latency-ms 0]
 *  [--agent-concurrency 8]`.
 */
const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    events: { type: 'string' },
    'replay-events': { type: 'string' },
    kb: { type: 'string', default: 'kb' },
    questions: { type: 'string', default: 'eval/calibration/questions.jsonl' },
    chunks: { type: 'string', default: '10000,100000' },
    queries: { type: 'string', default: '300' },
    connections: { type: 'string', default: '1000,5000,10000' },
    'hold-seconds': { type: 'string', default: '5' },
    concurrency: { type: 'string', default: '1,50,200' },
    'turns-per-conversation': { type: 'string', default: '5' },
    'model-latency-ms': { type: 'string', default: '0' },
    'agent-concurrency': { type: 'string', default: '8' },
  },
});
const which = positionals[0] ?? 'all';
const print = (row: Record<string, unknown>) => console.log(JSON.stringify(row));
const numbers = (list: string) => list.split(',').map(Number);
const run = async () => {
  if (which === 'bus' || which === 'all') {
    const result = await busLatencyBench(Number(values.events ?? 5000));
    console.log(JSON.stringify({ bench: 'publish_to_consume', ...result }));
  }
  if (which === 'retrieval') {
    console.log(JSON.stringify({ bench: 'sparse_encoding', ...sparseEncodingBench(values.kb!) }));
    const counts = values.chunks!.split(',').map(Number);
    for (const result of await retrievalBench(
      values.kb!,
      values.questions!,
      counts,
      Number(values.queries),
    ))
      console.log(JSON.stringify({ bench: 'retrieval', ...result }));
  }
  if (which === 'calibrate') {
    const outcomes = await runQuestions(values.kb!, values.questions!);
    const rows = sweepFloors(outcomes);
    const scorer = process.env.RERANKER_URL ? 'cross_encoder' : 'lexical';
    for (const row of rows) console.log(JSON.stringify({ bench: 'floor_sweep', scorer, ...row }));
    console.log(JSON.stringify({ bench: 'recall_at_4', ...recallByKind(outcomes) }));
    console.log(JSON.stringify({ bench: 'chosen_floor', max_leak: 0.1, ...chooseFloor(rows) }));
    for (const o of outcomes)
      console.log(
        JSON.stringify({
          bench: 'question',
          id: o.question.id,
          kind: o.question.kind,
          expect: o.question.expect,
          top: o.topScore,
          docs: o.retrievedDocs.slice(0, 2),
          want: o.question.docs,
        }),
      );
  }
  if (which === 'connections')
    await connectionsBench(
      { levels: numbers(values.connections!), holdMs: Number(values['hold-seconds']) * 1000 },
      print,
    );
  if (which === 'turns')
    await turnsBench(
      {
        kbDir: values.kb!,
        levels: numbers(values.concurrency!),
        turnsPerConversation: Number(values['turns-per-conversation']),
        modelLatencyMs: Number(values['model-latency-ms']),
        agentConcurrency: Number(values['agent-concurrency']),
      },
      print,
    );
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
