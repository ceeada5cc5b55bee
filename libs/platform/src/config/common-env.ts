import { ConfigError, type EnvVar, int, optional, str, url } from './env-schema.js';

/** Variables every service reads: the bus and the database. */
export const busEnv = {
  NATS_URL: url({
    default: 'nats://127.0.0.1:4222',
    protocols: ['nats', 'tls', 'ws', 'wss'],
    list: true,
    description: 'NATS server(s) with JetStream: one URL, or a cluster’s URLs separated by commas',
  }),
  EVENT_STREAM: str({ default: 'SUPPORT', description: 'JetStream stream holding every event' }),
  BUS_MAX_DELIVER: int({
    default: 5,
    min: 1,
    max: 100,
    description: 'deliveries before dead-letter',
  }),
  BUS_ACK_WAIT_MS: int({ default: 30_000, min: 1_000, description: 'redelivery after no ack' }),
  BUS_STREAM_REPLICAS: int({
    default: 1,
    min: 1,
    max: 5,
    description: 'stream replicas (3 on a cluster)',
  }),
  NATS_USER: optional(natsUser()),
  NATS_PASSWORD: optional(
    str({ description: 'password of NATS_USER (required with it; from a Secret)' }),
  ),
};

/**
 * The service's NATS user (deploy/k8s: one per service, with only its own permissions); unset =
 * anonymous, as against a local nats-server without authorization. It also names the service's
 * reply inbox (`_INBOX_<user>`), so it must be one subject token.
 */
function natsUser(): EnvVar<string> {
  return {
    description: 'NATS user of this service (unset = anonymous)',
    parse: (raw, name) => {
      if (raw === undefined || !/^[A-Za-z0-9_-]{1,64}$/.test(raw))
        throw new ConfigError(name, `must be letters, digits, "_" or "-", got "${raw ?? ''}"`);
      return raw;
    },
  };
}

export const databaseEnv = {
  DATABASE_URL: url({
    default: 'postgres://postgres@127.0.0.1:5432/support',
    protocols: ['postgres', 'postgresql'],
    description: 'PostgreSQL connection string',
  }),
};

export const httpEnv = {
  PORT: optional(
    int({
      min: 0,
      max: 65535,
      description: 'HTTP port; unset = the service default (SERVICE_PORTS)',
    }),
  ),
};
