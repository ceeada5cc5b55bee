import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { type CheckpointFootprint, checkpointFootprint, ConversationLock } from '@support/agent';
import pg from 'pg';
import { ANSWERABLE_QUESTIONS, runConversation } from './load/conversation-runner.js';
import {
  connectCustomer,
  type CustomerConnection,
  customerTokens,
} from './load/customer-sockets.js';
import { type BenchInfrastructure, startInfrastructure } from './load/infrastructure.js';
import { startInstantModels } from './load/instant-models.js';
import { indexKnowledgeBase } from './load/kb-index.js';
import { mapWithConcurrency } from './load/pool.js';
import { type ServiceProcess, startServiceProcess, startServiceProcesses } from '@support/testing';
import { cpuTimeMs } from './load/proc-readings.js';
import { deadChildren } from './load/process-stack.js';
import { withTeardown } from './load/teardown.js';
import { type CpuProfile, summariseProfile } from './profile/profile-summary.js';
import { type ObservedTurn, stageTimings } from './stage-timings.js';
import { growthWindows, promptTokensByTurn } from './turn-growth.js';
import { latencySummary, summarise } from './stats.js';

export interface TurnsOptions {
  readonly kbDir: string;
  readonly levels: readonly number[];
  readonly turnsPerConversation: number;
  /** How long the model takes per request (0 = instant): a real model makes the agent wait. */
  readonly modelLatencyMs: number;
  /** Turns one agent process works on at once (AGENT_CONCURRENCY). */
  readonly agentConcurrency: number;
  /** Each concurrency level is run this many times, for the run-to-run range. */
  readonly runs: number;
  /** When set, the agent's CPU profile of the measured runs is written here and summarised. */
  readonly profileAgentDir?: string;
}

const OTHER_SERVICES = ['retrieval', 'reranker-proxy', 'gateway'] as const;
const CUSTOMER_PATH = [...OTHER_SERVICES, 'agent'] as const;
/** Turns at each end of a conversation compared for growth (the 1-10 and last-10 windows). */
const WINDOW = 10;
const PROFILER_PRELOAD = fileURLToPath(
  new URL('./profile/cpu-profile-preload.js', import.meta.url),
);

/**
 * The whole customer path as child processes (gateway, agent, retrieval, reranker proxy) on a
 * bench-owned bus and database, with model servers that answer at once: so the latency measured
 * is what the services add. For each concurrency C, C conversations (one socket and customer
 * each) ask their questions one after another; then the turns' events are read back from the
 * stream to show where the time went.
 */
export async function turnsBench(
  options: TurnsOptions,
  report: (row: Record<string, unknown>) => void,
): Promise<void> {
  await withTeardown(async (defer) => {
    const infrastructure = await startInfrastructure(defer);
    const models = await startInstantModels(defer, options.modelLatencyMs);
    const checkpoints = checkpointReader(infrastructure.env.DATABASE_URL!);
    defer(() => checkpoints.close());
    const indexDir = mkdtempSync(join(tmpdir(), 'bench-index-'));
    defer(() => rmSync(indexDir, { recursive: true, force: true }));
    const env = {
      ...infrastructure.env,
      ...models.env,
      VECTOR_INDEX_DIR: indexDir,
      AGENT_CONCURRENCY: String(options.agentConcurrency),
      // The limiter guards against floods; the bench's sequential turns must not be throttled.
      WS_RATE_BURST: '1000',
      WS_RATE_PER_MINUTE: '1000000',
    };
    const profileDir = options.profileAgentDir;
    if (profileDir) mkdirSync(profileDir, { recursive: true });
    const [others, agent] = await Promise.all([
      startServiceProcesses(OTHER_SERVICES, env),
      startServiceProcess(
        'agent',
        profileDir
          ? { ...env, NODE_OPTIONS: `--import=${PROFILER_PRELOAD}`, CPU_PROFILE_DIR: profileDir }
          : env,
      ),
    ]);
    const children = { ...others, agent };
    defer(() => Promise.all(Object.values(children).map((child) => child.stop())));
    try {
      const indexed = await indexKnowledgeBase(
        infrastructure.bus,
        infrastructure.publisher,
        options.kbDir,
      );
      report({ bench: 'turns_setup', services: CUSTOMER_PATH, ...indexed });
      // One unmeasured conversation: first-use costs (JIT, pools, consumers) are not load.
      await runLevel(infrastructure, children.gateway, 1, 2, 'warmup', checkpoints);
      const agentPid = agent.pid()!;
      if (profileDir) process.kill(agentPid, 'SIGWINCH');
      for (const concurrency of options.levels) {
        const runs: RunNumbers[] = [];
        for (let run = 1; run <= options.runs; run++) {
          models.forgetRequests();
          const cpuBefore = cpuTimeMs(agentPid);
          const result = await runLevel(
            infrastructure,
            children.gateway,
            concurrency,
            options.turnsPerConversation,
            `c${concurrency}r${run}`,
            checkpoints,
          );
          const agentCpuMs = cpuTimeMs(agentPid) - cpuBefore;
          const { stages, agentMsByTurn } = await stageTimings(infrastructure.bus, result.observed);
          const numbers = runNumbers(result.observed, agentMsByTurn, agentCpuMs, result.row);
          runs.push(numbers);
          report({ bench: 'turns', concurrency, run, ...result.row });
          report({
            bench: 'turn_stages',
            concurrency,
            run,
            note: 'ms between occurredAt stamps; client points are the bench clock',
            stages,
          });
          report({ bench: 'turn_agent', concurrency, run, ...numbers });
          const prompts = models.requestsSeen().map((r) => r.promptTokens);
          report({
            bench: 'turn_growth',
            concurrency,
            run,
            note: 'checkpoint of conversation 0 after each window; prompt tokens per turn at C=1',
            prompt_tokens_max: prompts.length ? Math.max(...prompts) : null,
            last_over_first_turn_p50: numbers.last_over_first_turn_p50 ?? null,
            windows: growthWindows({
              observed: result.observed,
              agentMsByTurn,
              checkpoints: result.checkpoints,
              ...(concurrency === 1
                ? { promptTokensByTurn: promptTokensByTurn(result.observed, models.requestsSeen()) }
                : {}),
            }),
          });
        }
        report({ bench: 'turns_range', concurrency, runs: runs.length, ...ranges(runs) });
      }
      if (profileDir) report(await agentProfile(agentPid, profileDir));
    } catch (error) {
      const dead = deadChildren(Object.values(children));
      throw dead ? new Error(`${(error as Error).message}\n${dead}`) : error;
    }
  });
}

async function runLevel(
  infrastructure: BenchInfrastructure,
  gateway: ServiceProcess,
  concurrency: number,
  turnsPerConversation: number,
  label: string,
  checkpoints: CheckpointReader,
) {
  return withTeardown(async (defer) => {
    const run = `${label}-${Date.now().toString(36)}`;
    const customerIds = Array.from({ length: concurrency }, (_, i) => `turns-${run}-${i}`);
    const tokens = await customerTokens(infrastructure.tokens, customerIds);
    const connectStarted = performance.now();
    const connections: CustomerConnection[] = [];
    defer(() => connections.forEach((c) => c.socket.close()));
    await mapWithConcurrency(customerIds, 100, async (customerId, i) => {
      connections.push(await connectCustomer(gateway.url, customerId, tokens[i]!));
    });
    const connectMs = performance.now() - connectStarted;

    // One conversation's checkpoint is read after each of its turns (one small query between
    // turns, outside their timing): the others' stay unmeasured so as not to add load.
    const measured = new Map<number, CheckpointFootprint>();
    const measure = async (index: number) => {
      measured.set(index, await checkpoints.footprint(connections[0]!.conversationId));
    };
    const started = performance.now();
    const results = await Promise.all(
      connections.map((connection, c) =>
        runConversation(
          connection.socket,
          Array.from(
            { length: turnsPerConversation },
            (_, t) => ANSWERABLE_QUESTIONS[(c + t) % ANSWERABLE_QUESTIONS.length]!,
          ),
          `${run}-${c}`,
          c === 0 ? measure : undefined,
        ),
      ),
    );
    const wallS = (performance.now() - started) / 1000;

    const turns = results.flatMap((r) => r.turns);
    const failures = results.flatMap((r) => r.failures);
    const kinds = countBy(turns.map((t) => t.kind));
    const answered = kinds.answer ?? 0;
    return {
      observed: turns,
      checkpoints: measured,
      row: {
        turns_per_conversation: turnsPerConversation,
        conversations: concurrency,
        turns_sent: concurrency * turnsPerConversation,
        turns_replied: turns.length,
        wall_s: Math.round(wallS * 100) / 100,
        conversations_per_s: round2(concurrency / wallS),
        turns_per_s: round2(turns.length / wallS),
        answered_turns_per_s: round2(answered / wallS),
        replies_by_kind: kinds,
        abstentions: turns.length - answered,
        failures: countBy(failures),
        turn_latency_ms: latencySummary(turns.map((t) => t.latencyMs)),
        connect_all_ms: Math.round(connectMs),
      },
    };
  });
}

interface RunNumbers {
  /** Agent time per turn (message_received → retrieval.requested + retrieval.completed → reply.sent). */
  readonly agent_ms_per_turn: ReturnType<typeof summarise>;
  /** Agent CPU (user + system, /proc) over the run, per turn replied. */
  readonly agent_cpu_ms_per_turn: number;
  /** Turns one agent process could take per second if CPU were its only limit (1000 / the above). */
  readonly agent_cpu_bound_turns_per_s: number;
  /** Turns replied per wall second: the bench runs one agent process, so this is per process. */
  readonly turns_per_s: number;
  /** Latency and agent time of the first and the last WINDOW turns of each conversation. */
  readonly first_turns?: { turn_p50_ms: number; agent_p50_ms: number };
  readonly last_turns?: { turn_p50_ms: number; agent_p50_ms: number };
  readonly last_over_first_turn_p50?: number;
}

function runNumbers(
  observed: readonly (ObservedTurn & { latencyMs: number })[],
  agentMsByTurn: ReadonlyMap<string, number>,
  agentCpuMs: number,
  row: { turns_per_s: number },
): RunNumbers {
  const perTurnCpu = agentCpuMs / Math.max(1, observed.length);
  const numbers: RunNumbers = {
    agent_ms_per_turn: summarise([...agentMsByTurn.values()]),
    agent_cpu_ms_per_turn: round2(perTurnCpu),
    agent_cpu_bound_turns_per_s: round2(1000 / perTurnCpu),
    turns_per_s: row.turns_per_s,
  };
  const longest = Math.max(...observed.map((t) => t.index + 1));
  if (longest < 2 * WINDOW) return numbers;
  const window = (from: number, to: number) => {
    const turns = observed.filter((t) => t.index >= from && t.index < to);
    return {
      turn_p50_ms: summarise(turns.map((t) => t.latencyMs)).p50,
      agent_p50_ms: summarise(turns.flatMap((t) => agentMsByTurn.get(t.turnId) ?? [])).p50,
    };
  };
  const first = window(0, WINDOW);
  const last = window(longest - WINDOW, longest);
  return {
    ...numbers,
    first_turns: first,
    last_turns: last,
    last_over_first_turn_p50: round2(last.turn_p50_ms / first.turn_p50_ms),
  };
}

type CheckpointReader = ReturnType<typeof checkpointReader>;

/**
 * Reads a conversation's checkpoint footprint on the bench's database once the agent's run of the
 * turn is over: the reply leaves mid-run and the checkpoint is written at the run's end, so the
 * read waits for the conversation lock the run holds.
 */
function checkpointReader(databaseUrl: string) {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  const lock = new ConversationLock(pool);
  return {
    footprint: (conversationId: string) =>
      lock.run(conversationId, () => checkpointFootprint(pool, conversationId)),
    close: () => pool.end(),
  };
}

/** Lowest and highest of each headline number over the runs of one level. */
function ranges(runs: readonly RunNumbers[]) {
  const range = (pick: (run: RunNumbers) => number | undefined) => {
    const values = runs.map(pick).filter((v): v is number => v !== undefined);
    return values.length ? [Math.min(...values), Math.max(...values)] : undefined;
  };
  return {
    turns_per_s: range((r) => r.turns_per_s),
    agent_ms_per_turn_p50: range((r) => r.agent_ms_per_turn.p50),
    agent_ms_per_turn_p99: range((r) => r.agent_ms_per_turn.p99),
    agent_cpu_ms_per_turn: range((r) => r.agent_cpu_ms_per_turn),
    agent_cpu_bound_turns_per_s: range((r) => r.agent_cpu_bound_turns_per_s),
    last_over_first_turn_p50: range((r) => r.last_over_first_turn_p50),
  };
}

/** Stops the agent's profiler (second SIGWINCH), waits for the file and summarises its self time. */
async function agentProfile(pid: number, directory: string) {
  process.kill(pid, 'SIGWINCH');
  const file = join(directory, `${pid}.cpuprofile`);
  const deadline = Date.now() + 30_000;
  while (!existsSync(file) && Date.now() < deadline)
    await new Promise((resolve) => setTimeout(resolve, 200));
  if (!existsSync(file)) throw new Error(`the agent wrote no profile to ${file}`);
  const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
  return { bench: 'agent_profile', file, ...summariseProfile(profile) };
}

function countBy(values: readonly string[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const value of values) counts[value] = (counts[value] ?? 0) + 1;
  return counts;
}

const round2 = (n: number) => Math.round(n * 100) / 100;
