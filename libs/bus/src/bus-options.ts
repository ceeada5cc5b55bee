import { busEnv, ConfigError, loadConfig } from '@support/platform/pure';

export interface BusOptions {
  /** Connection name, e.g. the service; shows in NATS monitoring. */
  readonly name: string;
  readonly servers: string;
  readonly stream: string;
  readonly maxDeliver: number;
  readonly ackWaitMs: number;
  /** How long a publish may take, retries included, before it surfaces as `bus_unavailable`. */
  readonly publishTimeoutMs: number;
  /** Redelivery delays after a handler failure, by failure count (the last one repeats). */
  readonly backoffMs: readonly number[];
  /**
   * Redelivery delays while a dependency is down (`wait` errors), by delivery count; the last one
   * repeats, so a long outage is polled at that pace. Default {@link OUTAGE_BACKOFF_MS}.
   */
  readonly outageBackoffMs?: readonly number[];
  readonly duplicateWindowMs: number;
  readonly replicas: number;
  /** This service's NATS user and password; absent = anonymous (a server without authorization). */
  readonly credentials?: NatsCredentials;
}

export interface NatsCredentials {
  readonly user: string;
  readonly password: string;
}

/** Quick at first (a blip), then every 30 s for as long as the outage lasts. */
export const OUTAGE_BACKOFF_MS: readonly number[] = [1_000, 2_000, 5_000, 10_000, 20_000, 30_000];

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
    outageBackoffMs: OUTAGE_BACKOFF_MS,
    duplicateWindowMs: 2 * 60_000,
    replicas: config.BUS_STREAM_REPLICAS,
    ...credentialsFrom(config.NATS_USER, config.NATS_PASSWORD),
  };
}

/** A user without a password (or the reverse) is a half-done Secret: refuse to start. */
function credentialsFrom(
  user: string | undefined,
  password: string | undefined,
): { credentials?: NatsCredentials } {
  if (user === undefined && password === undefined) return {};
  if (user === undefined)
    throw new ConfigError('NATS_USER', 'is required when NATS_PASSWORD is set');
  if (password === undefined)
    throw new ConfigError('NATS_PASSWORD', 'is required when NATS_USER is set');
  return { credentials: { user, password } };
}
