import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
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
import { type ServiceProcess, startServiceProcesses } from '@support/testing';
import { deadChildren } from './load/process-stack.js';
import { withTeardown } from './load/teardown.js';
import { stageTimings } from './stage-timings.js';
import { latencySummary } from './stats.js';

export interface TurnsOptions {
  readonly kbDir: string;
  readonly levels: readonly number[];
  readonly turnsPerConversation: number;
  /** How long the model takes per request (0 = instant): a real model makes the agent wait. */
  readonly modelLatencyMs: number;
  /** Turns one agent process works on at once (AGENT_CONCURRENCY). */
  readonly agentConcurrency: number;
}

const CUSTOMER_PATH = ['retrieval', 'reranker-proxy', 'agent', 'gateway'] as const;

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
    const indexDir = mkdtempSync(join(tmpdir(), 'bench-index-'));
    defer(() => rmSync(indexDir, { recursive: true, force: true }));
    const children = await startServiceProcesses(CUSTOMER_PATH, {
      ...infrastructure.env,
      ...models.env,
      VECTOR_INDEX_DIR: indexDir,
      AGENT_CONCURRENCY: String(options.agentConcurrency),
      // The limiter guards against floods; the bench's sequential turns must not be throttled.
      WS_RATE_BURST: '1000',
      WS_RATE_PER_MINUTE: '1000000',
    });
    defer(() => Promise.all(Object.values(children).map((child) => child.stop())));
    try {
      const indexed = await indexKnowledgeBase(
        infrastructure.bus,
        infrastructure.publisher,
        options.kbDir,
      );
      report({ bench: 'turns_setup', services: CUSTOMER_PATH, ...indexed });
      // One unmeasured conversation: first-use costs (JIT, pools, consumers) are not load.
      await runLevel(infrastructure, children.gateway, 1, 2, 'warmup');
      for (const concurrency of options.levels) {
        models.forgetRequests();
        const result = await runLevel(
          infrastructure,
          children.gateway,
          concurrency,
          options.turnsPerConversation,
          `c${concurrency}`,
        );
        report({ bench: 'turns', concurrency, ...result.row });
        report({
          bench: 'turn_stages',
          concurrency,
          note: 'ms between occurredAt stamps; client points are the bench clock',
          stages: await stageTimings(infrastructure.bus, result.observed),
        });
      }
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

function countBy(values: readonly string[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const value of values) counts[value] = (counts[value] ?? 0) + 1;
  return counts;
}

const round2 = (n: number) => Math.round(n * 100) / 100;
