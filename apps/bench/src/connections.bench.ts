import { startServiceProcess } from '@support/testing';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  connectCustomer,
  type CustomerConnection,
  customerTokens,
  isOpen,
} from './load/customer-sockets.js';
import { type BenchInfrastructure, startInfrastructure } from './load/infrastructure.js';
import { mapWithConcurrency } from './load/pool.js';
import { ephemeralPortCount, openFilesSoftLimit, residentBytes } from './load/proc-readings.js';

import { withTeardown } from './load/teardown.js';
import { summarise } from './stats.js';

/** Descriptors the gateway and the bench need besides the sockets (listeners, NATS, Postgres, libs). */
const DESCRIPTOR_RESERVE = 256;
/** Upgrades in flight at once: a burst of thousands would measure the accept queue, not the holding. */
const OPENING_CONCURRENCY = 200;
/** Lets the gateway's heap settle after the burst of upgrades before RSS is read. */
const SETTLE_MS = 2_000;

export interface ConnectionsOptions {
  readonly levels: readonly number[];
  readonly holdMs: number;
}

/**
 * Concurrent customer WebSockets held by one gateway process (a fresh child per level): each
 * socket is authenticated, says hello and waits for ready. Reports the gateway's RSS before and
 * after, bytes per connection, the time to open them and how many were still open after the hold.
 */
export async function connectionsBench(
  options: ConnectionsOptions,
  report: (row: Record<string, unknown>) => void,
): Promise<void> {
  // Each socket costs one descriptor in the bench and one in the gateway (same inherited limit),
  // and one local port towards the gateway's single address.
  const fdLimit = openFilesSoftLimit();
  const cap = Math.min(fdLimit - DESCRIPTOR_RESERVE, ephemeralPortCount() - DESCRIPTOR_RESERVE);
  await withTeardown(async (defer) => {
    const infrastructure = await startInfrastructure(defer);
    for (const requested of options.levels) {
      const target = Math.min(requested, cap);
      const row = await holdConnections(infrastructure, target, options.holdMs);
      report({
        bench: 'ws_connections',
        requested,
        ...row,
        fd_soft_limit: fdLimit,
        ...(target < requested
          ? { capped: `open-files soft limit ${fdLimit} / local ports: stopped at ${target}` }
          : {}),
      });
    }
  });
}

async function holdConnections(
  infrastructure: BenchInfrastructure,
  target: number,
  holdMs: number,
): Promise<Record<string, unknown>> {
  return withTeardown(async (defer) => {
    const gateway = await startServiceProcess('gateway', infrastructure.env);
    defer(() => gateway.stop());
    const run = Date.now().toString(36);
    const customerIds = Array.from({ length: target }, (_, i) => `conn-${run}-${i}`);
    const tokens = await customerTokens(infrastructure.tokens, customerIds);
    await sleep(SETTLE_MS);
    const rssBefore = residentBytes(gateway.pid()!);

    const connections: CustomerConnection[] = [];
    defer(() => connections.forEach((c) => c.socket.ws.terminate()));
    const connectMs: number[] = [];
    const failures = new Map<string, number>();
    const started = performance.now();
    await mapWithConcurrency(customerIds, OPENING_CONCURRENCY, async (customerId, i) => {
      const begun = performance.now();
      try {
        connections.push(await connectCustomer(gateway.url, customerId, tokens[i]!));
        connectMs.push(performance.now() - begun);
      } catch (error) {
        const reason = (error as Error).message.slice(0, 80);
        failures.set(reason, (failures.get(reason) ?? 0) + 1);
      }
    });
    const openMs = performance.now() - started;

    await sleep(SETTLE_MS);
    const rssAfter = residentBytes(gateway.pid()!);
    await sleep(holdMs);
    const stillOpen = connections.filter((c) => isOpen(c.socket)).length;
    const held = connections.length;
    return {
      target,
      held,
      failed: target - held,
      ...(failures.size > 0 ? { failures: Object.fromEntries(failures) } : {}),
      open_ms: Math.round(openMs),
      opened_per_s: Math.round(held / (openMs / 1000)),
      connect_to_ready_ms: summarise(connectMs),
      gateway_rss_before_mb: Math.round(rssBefore / 1e5) / 10,
      gateway_rss_after_mb: Math.round(rssAfter / 1e5) / 10,
      bytes_per_connection: held > 0 ? Math.round((rssAfter - rssBefore) / held) : null,
      hold_s: holdMs / 1000,
      still_open_after_hold: stillOpen,
      all_stayed_open: stillOpen === held && !gateway.exited(),
    };
  });
}
