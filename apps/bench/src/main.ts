import 'reflect-metadata';
import { Argument, Command, CommanderError, InvalidArgumentError } from 'commander';
import { findSystemConnections } from '@support/platform';

/**
 * `npm run bench -- [bus|replay|all] [--events N]`: prints numbers as JSON lines. Uses a
 * nats-server of its own and a throw-away database on the PostgreSQL the running system uses
 * (TEST_DATABASE_SERVER, else DATABASE_URL, else the `npm start` of .data/system.json, else the
 * default), with streams of their own.
 *
 * Load benches (not in `all`), each on a bench-owned nats-server and database with the services
 * as child processes from their dist (build first):
 * `connections [--connections 1000,5000,10000] [--hold-seconds 5]` and
 * `turns [--concurrency 1,50,200] [--turns-per-conversation 5] [--model-latency-ms 0]
 *  [--agent-concurrency 8] [--runs 1] [--profile-agent DIR]`: `--runs` repeats each level for the
 *  run-to-run range; `--profile-agent` writes the agent's CPU profile of the measured runs to DIR
 *  and prints its self time by function and package.
 * `ingest [--ingest-chunks 20000] [--sparse-mb 20] [--runs 1]`: BM25 encoding MB/s per language
 *  and ingestion chunks/s through the indexer with the hashing embedder and the in-process index,
 *  over the repository's knowledge bases repeated (docs/load.md).
 * `dashboard [--dashboard-events 1000000] [--requests 200]`: projections seeded as a year of that
 *  many events, every dashboard request timed over HTTP against a gateway child, beside the old
 *  computation from the raw rows.
 * `graph [--graph-turns 1000] [--turns-per-conversation 5]` (in process, no bus): the agent's own
 *  CPU per turn, its graph over MemorySaver with retrieval and model answering at once, with
 *  LangChain's runnable scopes and with the lean ones the agent uses.
 * `frames`: one socket sends the hostile frames of the outside test (60,000 keys, 400,000-deep
 *  nesting, inherited type names) to a gateway child while bystanders probe `/health/live` and
 *  another customer's hello: the event-loop stall everyone else sees (docs/load.md).
 * `retrieval [--chunks 10000,100000] [--queries 300]` (in process, no bus): per index size, ingest,
 *  pipeline and full three-leg query latency, recall@20 of the dense leg against an exact scan and
 *  memory per chunk; `--chunks 1000000` measures a million (about 8 GB; docs/load.md).
 *
 * `privacy [--messages 20000]` (in process): sealing and opening a customer message, µs each,
 *  text only and with a 100 KB photo (docs/load.md).
 *
 * `prompt [--history-turns 60]` (in process): how many earlier turns of a long conversation fit
 *  the prompt budget (MODEL_CONTEXT_TOKENS 16384, MODEL_ANSWER_TOKENS 512), counted with the served
 *  model's tokenizer and by the UTF-8 byte rule it replaced, English and Arabic.
 *
 * `drafts [--set DIR ...] [--json OUT]` (in process, no bus): each labelled model draft of each
 *  set (default eval/drafts/kb-main and eval/drafts/lulwa-house) through the agent's real graph
 *  with a scripted OpenAI-compatible model over HTTP; prints unsafe drafts shown and faithful
 *  drafts escalated per category, language and set (docs/quality.md); `--json` writes every row.
 *
 * Exit status: 0 done, 1 a bench failed, 2 unknown bench or bad option.
 */
const BENCHES = [
  'all',
  'bus',
  'replay',
  'retrieval',
  'calibrate',
  'connections',
  'turns',
  'graph',
  'dashboard',
  'ingest',
  'prompt',
  'frames',
  'drafts',
  'privacy',
] as const;

const DEFAULT_DRAFT_SETS = ['eval/drafts/kb-main', 'eval/drafts/lulwa-house'];

const count = (raw: string): number => {
  if (!/^\d+$/.test(raw.trim()) || Number(raw) < 1)
    throw new InvalidArgumentError('a whole number above 0 is expected.');
  return Number(raw);
};
const zeroOrMore = (raw: string): number => {
  if (!/^\d+$/.test(raw.trim()))
    throw new InvalidArgumentError('a whole number (0 or more) is expected.');
  return Number(raw);
};
const counts = (raw: string): number[] => {
  if (!raw.split(',').every((part) => /^\s*\d+\s*$/.test(part) && Number(part) >= 1))
    throw new InvalidArgumentError('a comma-separated list of whole numbers above 0 is expected.');
  return raw.split(',').map(Number);
};

interface BenchOptions {
  events?: number;
  replayEvents?: number;
  kb: string;
  questions: string;
  chunks: number[];
  queries: number;
  connections: number[];
  holdSeconds: number;
  concurrency: number[];
  turnsPerConversation: number;
  modelLatencyMs: number;
  agentConcurrency: number;
  runs: number;
  profileAgent?: string;
  dashboardEvents: number;
  requests: number;
  ingestChunks: number;
  sparseMb: number;
  graphTurns: number;
  historyTurns: number;
  messages: number;
  set: string[];
  json?: string;
}

const program = new Command('bench')
  .usage('[bench] [options]   (npm run bench -- <bench> ...)')
  .description('Benchmarks that print JSON lines (docs/load.md, docs/calibration.md).')
  .addArgument(new Argument('[bench]', 'which bench').choices(BENCHES).default('all'))
  .option('--events <n>', 'bus (and replay) events (default 5000)', count)
  .option('--replay-events <n>', 'replay events (default --events, else 100000)', count)
  .option('--kb <dir>', 'knowledge base (retrieval, calibrate, turns)', 'kb')
  .option('--questions <file>', 'labelled questions', 'eval/calibration/questions.jsonl')
  .option('--chunks <list>', 'retrieval: index sizes', counts, [10_000, 100_000])
  .option('--queries <n>', 'retrieval: queries per index size', count, 300)
  .option('--connections <list>', 'connections: sockets per level', counts, [1000, 5000, 10_000])
  .option('--hold-seconds <n>', 'connections: how long each level is held', count, 5)
  .option('--concurrency <list>', 'turns: conversations at once, per level', counts, [1, 50, 200])
  .option('--turns-per-conversation <n>', 'turns, graph: turns in each conversation', count, 5)
  .option('--model-latency-ms <ms>', 'turns: simulated model latency', zeroOrMore, 0)
  .option('--agent-concurrency <n>', 'turns: turns each agent runs at once', count, 8)
  .option('--runs <n>', 'turns, ingest: runs of each level (run-to-run range)', count, 1)
  .option('--profile-agent <dir>', "turns: write the agent's CPU profile here")
  .option(
    '--dashboard-events <n>',
    'dashboard: events the seeded projections stand for',
    count,
    1e6,
  )
  .option('--requests <n>', 'dashboard: timed requests per endpoint', count, 200)
  .option('--ingest-chunks <n>', 'ingest: chunks ingested per run', count, 20_000)
  .option('--sparse-mb <n>', 'ingest: MB each BM25 encoder reads for its steady rate', count, 20)
  .option('--graph-turns <n>', 'graph: measured turns per round and kind of scope', count, 1000)
  .option('--history-turns <n>', 'prompt: earlier turns in the conversation', count, 60)
  .option('--messages <n>', 'privacy: messages sealed and opened', count, 20_000)
  .option('--set <dir...>', 'drafts: draft set folders (kb/ and drafts.jsonl)', [] as string[])
  .option('--json <file>', "drafts: write every draft's row here")
  .exitOverride()
  .showHelpAfterError('(add --help for the benches and their options)');

const print = (row: Record<string, unknown>) => console.log(JSON.stringify(row));

async function run(which: (typeof BENCHES)[number], values: BenchOptions): Promise<void> {
  // libs/testing reads TEST_DATABASE_SERVER when loaded: set it before the benches are imported.
  const database = new URL(findSystemConnections('.data').database.url);
  database.pathname = '/postgres';
  process.env.TEST_DATABASE_SERVER ??= database.toString();
  if (which === 'bus' || which === 'all') {
    const { busLatencyBench } = await import('./bus-latency.bench.js');
    const result = await busLatencyBench(values.events ?? 5000);
    console.log(JSON.stringify({ bench: 'publish_to_consume', ...result }));
  }
  if (which === 'retrieval') {
    const { retrievalBench, sparseEncodingBench } = await import('./retrieval.bench.js');
    console.log(JSON.stringify({ bench: 'sparse_encoding', ...sparseEncodingBench(values.kb) }));
    for (const result of await retrievalBench(
      values.kb,
      values.questions,
      values.chunks,
      values.queries,
    ))
      console.log(JSON.stringify({ bench: 'retrieval', ...result }));
  }
  if (which === 'calibrate') {
    const { chooseFloor, recallByKind, runQuestions, sweepFloors } =
      await import('./calibrate.bench.js');
    const outcomes = await runQuestions(values.kb, values.questions);
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
  if (which === 'connections') {
    const { connectionsBench } = await import('./connections.bench.js');
    await connectionsBench(
      { levels: values.connections, holdMs: values.holdSeconds * 1000 },
      print,
    );
  }
  if (which === 'turns') {
    const { turnsBench } = await import('./turns.bench.js');
    await turnsBench(
      {
        kbDir: values.kb,
        levels: values.concurrency,
        turnsPerConversation: values.turnsPerConversation,
        modelLatencyMs: values.modelLatencyMs,
        agentConcurrency: values.agentConcurrency,
        runs: values.runs,
        ...(values.profileAgent ? { profileAgentDir: values.profileAgent } : {}),
      },
      print,
    );
  }
  if (which === 'graph') {
    const { agentGraphBench } = await import('./agent-graph.bench.js');
    await agentGraphBench(
      {
        kbDir: values.kb,
        turns: values.graphTurns,
        turnsPerConversation: values.turnsPerConversation,
      },
      print,
    );
  }
  if (which === 'privacy') {
    const { privacyBench } = await import('./privacy.bench.js');
    await privacyBench({ messages: values.messages }, print);
  }
  if (which === 'prompt') {
    const { promptBudgetBench } = await import('./prompt-budget.bench.js');
    promptBudgetBench(
      { kbDir: values.kb, turns: values.historyTurns, contextTokens: 16_384, answerTokens: 512 },
      print,
    );
  }
  if (which === 'dashboard') {
    const { dashboardBench } = await import('./dashboard.bench.js');
    await dashboardBench({ events: values.dashboardEvents, requests: values.requests }, print);
  }
  if (which === 'ingest') {
    const { benchCorpus, ingestBench, sparseEncodingBench } = await import('./ingest.bench.js');
    const docs = benchCorpus(values.kb);
    for (let run = 1; run <= values.runs; run++) {
      for (const row of sparseEncodingBench(docs, values.sparseMb))
        print({ bench: 'bm25_encoding', run, ...row });
      print({ bench: 'ingest', ...(await ingestBench(docs, values.ingestChunks, run)) });
    }
  }
  if (which === 'frames') {
    const { hostileFramesBench } = await import('./hostile-frames.bench.js');
    await hostileFramesBench(print);
  }
  if (which === 'drafts') {
    const { readDraftSet } = await import('./drafts/draft-set.js');
    const { draftsBench, writeDraftRows } = await import('./drafts/drafts.bench.js');
    const { formatDraftTable } = await import('./drafts/draft-scores.js');
    const dirs = values.set.length > 0 ? values.set : DEFAULT_DRAFT_SETS;
    const result = await draftsBench(dirs.map(readDraftSet));
    console.log(formatDraftTable(result.table));
    print({
      bench: 'drafts',
      drafts: result.rows.length,
      seconds: result.seconds,
      ...result.table.total,
    });
    if (values.json) writeDraftRows(values.json, result.rows);
  }
  if (which === 'replay' || which === 'all') {
    const { replayBench } = await import('./replay.bench.js');
    const result = await replayBench(values.replayEvents ?? values.events ?? 100_000);
    console.log(JSON.stringify({ bench: 'replay_from_start', ...result }));
  }
}

// Ctrl-C: leave through process.exit, so the servers a bench started are stopped on the way out.
process.once('SIGINT', () => process.exit(130));
process.once('SIGTERM', () => process.exit(143));

let parsed: Command;
try {
  parsed = program.parse(process.argv.slice(2), { from: 'user' });
} catch (error) {
  // commander printed the reason (or the help); an unknown bench or a bad flag is a usage error.
  process.exit(error instanceof CommanderError && error.exitCode === 0 ? 0 : 2);
}
run(parsed.processedArgs[0] as (typeof BENCHES)[number], parsed.opts<BenchOptions>()).then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(
      `bench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
    );
    process.exit(1);
  },
);
