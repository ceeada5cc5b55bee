import { Command, Option } from 'commander';
import {
  existingFile,
  existingFolder,
  customerId,
  isoTime,
  schemaName,
  positiveInteger,
  unitInterval,
} from './option-parsers.js';
import { usageError } from './exit-codes.js';

/** What each command is run with once its flags are parsed and checked. */
export interface CommandRunners {
  start(options: { dataDir: string; host: string; kbDir: string }): Promise<void>;
  replay(options: {
    dataDir: string;
    schema?: string;
    since?: Date;
    quiet?: boolean;
    json?: boolean;
  }): Promise<void>;
  ingest(options: {
    dataDir: string;
    dir: string;
    namespace?: string;
    timeoutMs: number;
    quiet?: boolean;
    hostServices: boolean;
  }): Promise<void>;
  ask(options: {
    dataDir: string;
    question: string;
    json?: boolean;
    kbDir: string;
    customerId?: string;
  }): Promise<void>;
  eval(options: {
    dataDir: string;
    kb?: string;
    questions: string;
    out?: string;
    rows?: string;
    score?: boolean;
    json?: boolean;
    answerClarifications?: boolean;
    keepGoingOnQuarantine?: boolean;
    timeoutMs: number;
  }): Promise<void>;
  evalTopics(options: { set: string; json?: boolean; summary?: boolean }): Promise<void>;
  trace(options: { dataDir: string; turnId: string; json?: boolean }): Promise<void>;
  gaps(options: { dataDir: string; json?: boolean; days?: number }): Promise<void>;
  whatif(options: {
    dataDir: string;
    from: number;
    to: number;
    step: number;
    kind: 'both' | 'reranker' | 'lexical';
    evalRows?: string;
    questions?: string;
  }): Promise<void>;
  deadletters(
    options: { dataDir: string } & (
      | { action: 'list'; json?: boolean }
      | { action: 'redrive'; all: true }
      | { action: 'redrive'; ids: string[] }
    ),
  ): Promise<void>;
  token(options: { role: string; sub: string; ttl: string }): Promise<void>;
  export(options: { dataDir: string; customerId: string; out?: string }): Promise<void>;
  forget(
    options: { dataDir: string; json?: boolean } & ({ customerId: string } | { reapply: true }),
  ): Promise<void>;
  doctor(options: { dataDir: string; json?: boolean; timeoutMs: number }): Promise<void>;
}

const DATA_DIR_HELP =
  'the data folder of the npm start whose NATS and PostgreSQL to use (its system.json)';

/** `--data-dir`: where a command looks for the running system (see running-system.ts). */
const dataDirOption = () => new Option('--data-dir <dir>', DATA_DIR_HELP).default('.data');

/**
 * The whole command line: every command, its flags and their checks, and per-command `--help`.
 * Parsing never runs anything but `runners`, so tests can check it without a system.
 */
export function buildProgram(runners: CommandRunners): Command {
  const program = new Command('cli')
    .usage('<command> [options]   (npm run cli -- <command> ...)')
    .description('Operate the support agent: start it, index knowledge, replay, trace, evaluate.')
    .exitOverride()
    .showHelpAfterError('(add --help for the commands and their options)')
    .allowExcessArguments(false);

  program
    .command('start')
    .description(
      'start NATS and PostgreSQL when none answers, host all six services, index the knowledge base',
    )
    .addOption(
      new Option(
        '--data-dir <dir>',
        'where a started nats-server and PostgreSQL keep their data',
      ).default('.data'),
    )
    .option('--host <address>', 'address the services listen on', '127.0.0.1')
    .option(
      '--kb <dir>',
      'knowledge-base folder indexed at start (skipped when absent)',
      existingFolder,
      'kb',
    )
    .action((o: { dataDir: string; host: string; kb: string }) =>
      runners.start({ dataDir: o.dataDir, host: o.host, kbDir: o.kb }),
    );

  program
    .command('replay')
    .description('rebuild the projections from the event log (or from a time on)')
    .option('--from-start', 'from the first event of the stream')
    .option('--since <time>', 'from the first event stored at this time (ISO 8601)', isoTime)
    .option('--schema <name>', 'build the tables in this schema, beside the live ones', schemaName)
    .option('--quiet', 'no progress bar')
    .option('--json', 'the outcome as JSON, no progress bar')
    .addOption(dataDirOption())
    .action(
      (o: {
        fromStart?: boolean;
        since?: Date;
        schema?: string;
        quiet?: boolean;
        json?: boolean;
        dataDir: string;
      }) => {
        if (Boolean(o.fromStart) === Boolean(o.since))
          throw usageError('replay needs either --from-start or --since TIME (ISO 8601)');
        return runners.replay({
          dataDir: o.dataDir,
          schema: o.schema,
          since: o.since,
          quiet: o.quiet,
          json: o.json,
        });
      },
    );

  program
    .command('ingest')
    .description(
      'index a knowledge-base folder (Markdown with front matter id, title, lang, topic)',
    )
    .argument('<dir>', 'the folder', existingFolder)
    .option('--namespace <ns>', 'index into this namespace instead of the default')
    .option(
      '--timeout-ms <ms>',
      'how long to wait for retrieval to confirm every document',
      positiveInteger,
      120_000,
    )
    .option('--quiet', 'no progress bar')
    .option(
      '--no-host-services',
      'the services run elsewhere (a cluster, docker compose): wait for their retrieval, never host one here',
    )
    .addOption(dataDirOption())
    .action(
      (
        dir: string,
        o: {
          namespace?: string;
          timeoutMs: number;
          quiet?: boolean;
          hostServices: boolean;
          dataDir: string;
        },
      ) =>
        runners.ingest({
          dataDir: o.dataDir,
          dir,
          namespace: o.namespace,
          timeoutMs: o.timeoutMs,
          quiet: o.quiet,
          hostServices: o.hostServices,
        }),
    );

  program
    .command('ask')
    .description('one question through the real services: the reply, its sources and the gate')
    .argument('<question...>', 'the question (quote it, or give it as several words)')
    .option('--json', 'the whole outcome as JSON')
    .option(
      '--customer <id>',
      'ask as this customer: their orders are the ones the order tools find (demo: cust-1001)',
    )
    .option(
      '--kb <dir>',
      'indexed first when no services run and this command hosts them',
      existingFolder,
      'kb',
    )
    .addOption(dataDirOption())
    .action(
      (words: string[], o: { json?: boolean; kb: string; dataDir: string; customer?: string }) =>
        runners.ask({
          dataDir: o.dataDir,
          question: words.join(' '),
          json: o.json,
          kbDir: o.kb,
          customerId: o.customer,
        }),
    );

  program
    .command('eval')
    .description(
      'ask a labelled question set through the real services and score it (--rows: score an earlier run)',
    )
    .requiredOption('--questions <file>', 'the labelled questions (JSONL)', existingFile)
    .option('--kb <dir>', 'knowledge base, ingested into a fresh namespace', existingFolder)
    .option('--out <file>', 'where to write one row per question (JSONL)')
    .option(
      '--rows <file>',
      'score the rows of an earlier run instead of asking again',
      existingFile,
    )
    .option('--score', 'tables, targets and misses')
    .option('--json', 'the score as JSON, for machines')
    .option(
      '--answer-clarifications',
      "answer a clarifying question with the option whose document is in the question's docs (else none of these), and score that answer apart",
    )
    .option(
      '--keep-going-on-quarantine',
      'ask the questions even when the knowledge-base screen quarantined a document (it stays unsearchable, as in production)',
    )
    .option('--timeout-ms <ms>', 'how long to wait for each reply', positiveInteger, 60_000)
    .addOption(dataDirOption())
    .action(
      (o: {
        questions: string;
        answerClarifications?: boolean;
        keepGoingOnQuarantine?: boolean;
        kb?: string;
        out?: string;
        rows?: string;
        score?: boolean;
        json?: boolean;
        timeoutMs: number;
        dataDir: string;
      }) => {
        if (!(o.rows || (o.kb && o.out)))
          throw usageError('eval needs either --kb DIR --out FILE.jsonl or --rows FILE.jsonl');
        if (o.score && o.json) throw usageError('eval takes --score or --json, not both');
        return runners.eval(o);
      },
    );

  program
    .command('eval-topics')
    .description(
      "label a set of escalations with the classifier service's classifier (rules, or the LLM when CLASSIFIER_LLM_BASE_URL is set) and score it",
    )
    .requiredOption('--set <file>', 'the labelled escalations (escalations.jsonl)', existingFile)
    .option('--json', 'the score and one row per escalation as JSON')
    .option('--summary', 'only the numbers, no rows and no confusions (a blind set)')
    .action((o: { set: string; json?: boolean; summary?: boolean }) => runners.evalTopics(o));

  program
    .command('trace')
    .description("a turn's trace: route, legs, fusion, rerank, chunks, verdict")
    .argument('<turn-id>', 'the turn id (from the dashboard, the admin page or ask --json)')
    .option('--json', 'the trace as JSON')
    .addOption(dataDirOption())
    .action((turnId: string, o: { json?: boolean; dataDir: string }) =>
      runners.trace({ dataDir: o.dataDir, turnId, json: o.json }),
    );

  program
    .command('gaps')
    .description(
      'knowledge gaps: answered avoidable escalations grouped by topic and question, with replies',
    )
    .option('--json', 'the gaps as JSON')
    .option('--days <n>', 'only escalations raised in the last N days', positiveInteger)
    .addOption(dataDirOption())
    .action((o: { json?: boolean; days?: number; dataDir: string }) => runners.gaps(o));

  program
    .command('whatif')
    .description(
      'escalation rate per score floor from the log, the turns that flip, gate precision/recall',
    )
    .option('--from <floor>', 'lowest floor', unitInterval, 0)
    .option('--to <floor>', 'highest floor', unitInterval, 1)
    .option('--step <step>', 'between floors', unitInterval, 0.05)
    .addOption(
      new Option('--kind <kind>', 'which floor to sweep')
        .choices(['both', 'reranker', 'lexical'])
        .default('both'),
    )
    .option(
      '--eval-rows <file>',
      "rows of an eval run (with --questions: the gate's precision/recall)",
      existingFile,
    )
    .option('--questions <file>', 'the labelled questions of that run', existingFile)
    .addOption(dataDirOption())
    .action(
      (o: {
        from: number;
        to: number;
        step: number;
        kind: 'both' | 'reranker' | 'lexical';
        evalRows?: string;
        questions?: string;
        dataDir: string;
      }) => {
        if (o.step <= 0) throw usageError('whatif --step must be above 0');
        if (o.from > o.to) throw usageError('whatif --from must not be above --to');
        if (Boolean(o.evalRows) !== Boolean(o.questions))
          throw usageError(
            'precision/recall needs both --eval-rows FILE.jsonl and --questions FILE.jsonl',
          );
        return runners.whatif(o);
      },
    );

  const deadletters = program
    .command('deadletters')
    .description(
      'dead-lettered messages: list them, or deliver them again to the consumer that gave up',
    );
  deadletters
    .command('list')
    .description(
      'consumer, subject, stream sequence, cause, error code, reason, and whether re-driven',
    )
    .option('--json', 'the rows as JSON')
    .addOption(dataDirOption())
    .action((o: { json?: boolean; dataDir: string }) =>
      runners.deadletters({ dataDir: o.dataDir, action: 'list', json: o.json }),
    );
  deadletters
    .command('redrive')
    .description(
      'publish them again for the consumer that gave up (one re-driven before is left alone)',
    )
    .argument('[ids...]', 'dead-letter ids (from deadletters list)')
    .option('--all', 'every dead letter not re-driven yet')
    .addOption(dataDirOption())
    .action((ids: string[], o: { all?: boolean; dataDir: string }) => {
      if (o.all && ids.length === 0)
        return runners.deadletters({ dataDir: o.dataDir, action: 'redrive', all: true });
      if (!o.all && ids.length > 0)
        return runners.deadletters({ dataDir: o.dataDir, action: 'redrive', ids });
      throw usageError('deadletters redrive takes dead-letter ids or --all (one of them)');
    });

  program
    .command('forget')
    .description(
      'erase a customer (right to erasure): destroy their data keys, publish customer.forgotten',
    )
    .option('--customer <id>', 'the customer id their events carry', customerId)
    .option(
      '--reapply',
      "after restoring a database: destroy again every key the log's erasures name",
    )
    .option('--json', 'the outcome as JSON')
    .addOption(dataDirOption())
    .action((o: { customer?: string; reapply?: boolean; json?: boolean; dataDir: string }) => {
      if (o.customer !== undefined && !o.reapply)
        return runners.forget({ dataDir: o.dataDir, customerId: o.customer, json: o.json });
      if (o.customer === undefined && o.reapply)
        return runners.forget({ dataDir: o.dataDir, reapply: true, json: o.json });
      throw usageError('forget takes --customer ID or --reapply (one of them)');
    });

  program
    .command('export')
    .description('everything held about a customer as JSON, opened (right of access)')
    .requiredOption('--customer <id>', 'the customer id their events carry', customerId)
    .option('--out <file>', 'write it to this file (0600) instead of stdout')
    .addOption(dataDirOption())
    .action((o: { customer: string; out?: string; dataDir: string }) =>
      runners.export({ dataDir: o.dataDir, customerId: o.customer, out: o.out }),
    );

  program
    .command('token')
    .description(
      'print a token signed with AUTH_TOKEN_SECRET (how staff sign in without demo mode)',
    )
    .addOption(
      new Option('--role <role>', 'who the token is for')
        .choices(['admin', 'analyst', 'customer'])
        .makeOptionMandatory(),
    )
    .requiredOption('--sub <name>', 'the admin, analyst or customer id')
    .option('--ttl <ttl>', 'how long it is valid: <n>s, <n>m, <n>h or <n>d, up to 30d', '12h')
    .action((o: { role: string; sub: string; ttl: string }) => runners.token(o));

  program
    .command('doctor')
    .description(
      'check every configured remote part (chat model, embeddings, reranker, Qdrant, Slack, NATS, PostgreSQL): one line each, pass or fail with the fix; exit 1 when any fails',
    )
    .option('--json', 'the parts and their findings as JSON')
    .option('--timeout-ms <ms>', 'deadline of each check', positiveInteger, 15_000)
    .addOption(dataDirOption())
    .action((o: { json?: boolean; timeoutMs: number; dataDir: string }) => runners.doctor(o));

  return program;
}
