import 'reflect-metadata';
import { CommanderError } from 'commander';
import { askCommand } from './commands/ask.js';
import { deadLettersCommand } from './commands/deadletters.js';
import { doctorCommand } from './commands/doctor/doctor.js';
import { evalCommand } from './commands/eval.js';
import { exportCommand } from './commands/export-customer.js';
import { forgetCommand } from './commands/forget.js';
import { topicEvalCommand } from './commands/topic-eval.js';
import { gapsCommand } from './commands/gaps.js';
import { ingestCommand } from './commands/ingest.js';
import { replayCommand } from './commands/replay.js';
import { startCommand } from './commands/start.js';
import { tokenCommand } from './commands/token.js';
import { traceCommand } from './commands/trace.js';
import { whatIfCommand } from './commands/whatif.js';
import { exitCodeOf } from './cli/exit-status.js';
import { EXIT } from './cli/exit-codes.js';
import { messageOf } from './infra/with-message.js';
import { buildProgram, type CommandRunners } from './cli/program.js';
import { requireReachable, useRunningSystem } from './cli/system-connections.js';

/** Each command with the NATS and PostgreSQL of the running system; checked first when it needs them. */
const runners: CommandRunners = {
  start: (o) => startCommand(o),
  replay: async ({ dataDir, ...o }) => {
    await requireReachable(useRunningSystem(dataDir), { nats: true, database: true });
    await replayCommand(o);
  },
  ingest: async ({ dataDir, ...o }) => {
    useRunningSystem(dataDir);
    await ingestCommand(o);
  },
  ask: async ({ dataDir, question, ...o }) => {
    useRunningSystem(dataDir);
    await askCommand(question, o);
  },
  eval: async ({ dataDir, ...o }) => {
    if (!o.rows) useRunningSystem(dataDir);
    await evalCommand(o);
  },
  // In process, no bus: the classifier the service would build from this environment.
  evalTopics: async (o) => {
    await topicEvalCommand(o);
  },
  trace: async ({ dataDir, turnId, json }) => {
    await requireReachable(useRunningSystem(dataDir), { database: true });
    await traceCommand(turnId, { json });
  },
  gaps: async ({ dataDir, ...o }) => {
    await requireReachable(useRunningSystem(dataDir), { database: true });
    await gapsCommand(o);
  },
  whatif: async ({ dataDir, ...o }) => {
    await requireReachable(useRunningSystem(dataDir), { nats: true });
    await whatIfCommand(o);
  },
  deadletters: async ({ dataDir, ...request }) => {
    await requireReachable(useRunningSystem(dataDir), { nats: true });
    await deadLettersCommand(request);
  },
  token: ({ role, sub, ttl }) => tokenCommand({ role, subject: sub, ttl }),
  export: async ({ dataDir, ...o }) => {
    await requireReachable(useRunningSystem(dataDir), { database: true });
    await exportCommand(o);
  },
  forget: async ({ dataDir, ...o }) => {
    await requireReachable(useRunningSystem(dataDir), { nats: true, database: true });
    await forgetCommand(o);
  },
  doctor: async ({ dataDir, ...o }) => {
    useRunningSystem(dataDir);
    if (!(await doctorCommand(o))) process.exitCode = EXIT.failed;
  },
};

// Ctrl-C or SIGTERM outside `start` (which stops its services itself): leave through
// process.exit, so the servers a command started for itself are stopped on the way out.
const isStart = process.argv[2] === 'start';
if (!isStart) {
  process.once('SIGINT', () => process.exit(EXIT.interrupted));
  process.once('SIGTERM', () => process.exit(EXIT.terminated));
}

buildProgram(runners)
  .parseAsync(process.argv.slice(2), { from: 'user' })
  .then(
    () => process.exit(process.exitCode ?? EXIT.ok),
    (error: unknown) => {
      // commander has printed its own message (unknown command, bad flag, --help).
      if (!(error instanceof CommanderError)) console.error(`error: ${messageOf(error)}`);
      process.exit(exitCodeOf(error));
    },
  );
