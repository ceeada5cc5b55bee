import 'reflect-metadata';
import { parseArgs } from 'node:util';
import { askCommand } from './commands/ask.js';
import { deadLettersCommand } from './commands/deadletters.js';
import { evalCommand } from './commands/eval.js';
import { ingestCommand } from './commands/ingest.js';
import { replayCommand } from './commands/replay.js';
import { startCommand } from './commands/start.js';
import { tokenCommand } from './commands/token.js';
import { traceCommand } from './commands/trace.js';
import { whatIfCommand } from './commands/whatif.js';

const USAGE = `usage: npm run cli -- <command>

commands:
  start [--data-dir DIR] [--kb DIR]      start NATS/PostgreSQL if needed, all six services, index kb/
  replay --from-start|--since TIME [--schema NAME]
                                         rebuild the projections from the event log (or a window of it)
  ingest DIR [--namespace NS]            index a knowledge-base folder (Markdown + front matter)
  ask "QUESTION" [--json]                one question through the real services
  eval --kb DIR --questions F --out F [--score|--json]
                                         ingest into a fresh namespace, ask every question, score
                                         (--score: tables, targets, misses; --json: for machines)
  eval --questions F --rows F [--score|--json]
                                         score the rows of an earlier run without asking again
  trace TURN_ID [--json]                 a turn's trace: route, legs, fusion, rerank, chunks, verdict
  whatif [--from 0 --to 1 --step 0.05] [--kind both|reranker|lexical] [--eval-rows F --questions F]
                                         escalation rate per score floor from the log, flips, gate P/R
  deadletters list [--json]              dead-lettered messages: consumer, subject, cause, code, re-driven?
  deadletters redrive ID...|--all        deliver them again to the consumer that gave up on them
  token --role admin|analyst|customer --sub NAME [--ttl 12h]
                                         print a token signed with AUTH_TOKEN_SECRET (staff sign-in)
`;

async function main(argv: string[]): Promise<void> {
  const [command, ...rest] = argv;
  switch (command) {
    case 'start': {
      const { values } = parseArgs({
        args: rest,
        options: {
          'data-dir': { type: 'string', default: '.data' },
          host: { type: 'string', default: '127.0.0.1' },
          kb: { type: 'string', default: 'kb' },
        },
      });
      await startCommand({ dataDir: values['data-dir']!, host: values.host!, kbDir: values.kb });
      return;
    }
    case 'replay': {
      const { values } = parseArgs({
        args: rest,
        options: {
          'from-start': { type: 'boolean', default: false },
          since: { type: 'string' },
          schema: { type: 'string' },
          quiet: { type: 'boolean' },
        },
      });
      if (values['from-start'] === Boolean(values.since))
        throw new Error('replay needs either --from-start or --since TIME (ISO 8601)');
      const since = values.since ? new Date(values.since) : undefined;
      if (since && Number.isNaN(since.getTime()))
        throw new Error(`--since is not a time: ${values.since}`);
      await replayCommand({ schema: values.schema, since, quiet: values.quiet });
      return;
    }
    case 'ingest': {
      const { values, positionals } = parseArgs({
        args: rest,
        allowPositionals: true,
        options: {
          namespace: { type: 'string' },
          'timeout-ms': { type: 'string', default: '120000' },
          quiet: { type: 'boolean' },
        },
      });
      if (!positionals[0])
        throw new Error('ingest needs a directory, e.g. npm run cli -- ingest kb');
      await ingestCommand({
        dir: positionals[0],
        namespace: values.namespace,
        timeoutMs: Number(values['timeout-ms']),
        quiet: values.quiet,
      });
      return;
    }
    case 'ask': {
      const { values, positionals } = parseArgs({
        args: rest,
        allowPositionals: true,
        options: { json: { type: 'boolean' }, kb: { type: 'string', default: 'kb' } },
      });
      if (!positionals[0])
        throw new Error('ask needs a question, e.g. npm run cli -- ask "Can I return a dress?"');
      await askCommand(positionals.join(' '), { json: values.json, kbDir: values.kb });
      return;
    }
    case 'eval': {
      const { values } = parseArgs({
        args: rest,
        options: {
          kb: { type: 'string' },
          questions: { type: 'string' },
          out: { type: 'string' },
          rows: { type: 'string' },
          score: { type: 'boolean' },
          json: { type: 'boolean' },
          'timeout-ms': { type: 'string', default: '60000' },
        },
      });
      if (!values.questions || !(values.rows || (values.kb && values.out)))
        throw new Error(
          'eval needs --questions FILE.jsonl and either --kb DIR --out FILE.jsonl or --rows FILE.jsonl',
        );
      if (values.score && values.json) throw new Error('eval takes --score or --json, not both');
      await evalCommand({
        kb: values.kb,
        questions: values.questions,
        out: values.out,
        rows: values.rows,
        score: values.score,
        json: values.json,
        timeoutMs: Number(values['timeout-ms']),
      });
      return;
    }
    case 'trace': {
      const { values, positionals } = parseArgs({
        args: rest,
        allowPositionals: true,
        options: { json: { type: 'boolean' } },
      });
      if (!positionals[0])
        throw new Error('trace needs a turn id, e.g. npm run cli -- trace TURN_ID');
      await traceCommand(positionals[0], { json: values.json });
      return;
    }
    case 'whatif': {
      const { values } = parseArgs({
        args: rest,
        options: {
          from: { type: 'string', default: '0' },
          to: { type: 'string', default: '1' },
          step: { type: 'string', default: '0.05' },
          kind: { type: 'string', default: 'both' },
          'eval-rows': { type: 'string' },
          questions: { type: 'string' },
        },
      });
      if (!['both', 'reranker', 'lexical'].includes(values.kind!))
        throw new Error('whatif --kind must be both, reranker or lexical');
      await whatIfCommand({
        from: Number(values.from),
        to: Number(values.to),
        step: Number(values.step),
        kind: values.kind as 'both' | 'reranker' | 'lexical',
        evalRows: values['eval-rows'],
        questions: values.questions,
      });
      return;
    }
    case 'deadletters': {
      const { values, positionals } = parseArgs({
        args: rest,
        allowPositionals: true,
        options: { all: { type: 'boolean' }, json: { type: 'boolean' } },
      });
      const [action, ...ids] = positionals;
      if (action === 'list') await deadLettersCommand({ action, json: values.json });
      else if (action === 'redrive' && values.all && ids.length === 0)
        await deadLettersCommand({ action, all: true });
      else if (action === 'redrive' && !values.all && ids.length > 0)
        await deadLettersCommand({ action, ids });
      else throw new Error('usage: deadletters list [--json] | deadletters redrive ID... | --all');
      return;
    }
    case 'token': {
      const { values } = parseArgs({
        args: rest,
        options: {
          role: { type: 'string' },
          sub: { type: 'string' },
          ttl: { type: 'string', default: '12h' },
        },
      });
      await tokenCommand({ role: values.role, subject: values.sub, ttl: values.ttl });
      return;
    }
    default:
      process.stdout.write(USAGE);
      if (command && command !== 'help' && command !== '--help') process.exitCode = 2;
  }
}

main(process.argv.slice(2)).then(
  () => {
    if (process.argv[2] !== 'start') process.exit(process.exitCode ?? 0);
  },
  (error: unknown) => {
    console.error(`error: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
