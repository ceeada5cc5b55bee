import { busEnv, loadConfig } from '@support/platform';

export interface BusOptions {
  /** Connection name, e.g. the service; shows in NATS monitoring. */
  readonly name: string;
  readonly servers: string;
  readonly stream: string;
  readonly maxDeliver: number;
  readonly ackWaitMs: number;
  /** How long a publish may take, retries included, before it surfaces as `bus_unavailable`. */
  readonly publishTimeoutMs: number;
  /** Redelivery delays after a transient failure, by delivery count (the last one repeats). */
  readonly backoffMs: readonly number[];
  readonly duplicateWindowMs: number;
  readonly replicas: number;
}

export function busOptionsFromEnv(
  name: string,
  env: Record<string, string | undefined> = process.env,
): BusOptions {
  const config = loadConfig(busEnv, env);
  return {
    name,
    servers: config.NATS_URL,
    stream: config.EVENT_STREAM,
    maxDeliver: config.BUS_MAX_DELIVER,
    ackWaitMs: config.BUS_ACK_WAIT_MS,
    publishTimeoutMs: 10_000,
    backoffMs: [250, 1_000, 5_000, 15_000],
    duplicateWindowMs: 2 * 60_000,
    replicas: config.BUS_STREAM_REPLICAS,
  };
}
