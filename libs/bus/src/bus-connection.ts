import {
  type JetStreamClient,
  type JetStreamManager,
  jetstream,
  jetstreamManager,
} from '@nats-io/jetstream';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import type { BusOptions } from './bus-options.js';
import { inboxPrefixOf } from './access/inbox.js';
import { DeadLetterKeys } from './dead-letter-keys.js';
import { ensureStream } from './stream.js';
import { whenJetStreamAnswers } from './jetstream-settling.js';

const PING_INTERVAL_MS = 10_000;

/**
 * One NATS connection per service, reconnecting forever: a restarted server is picked up again and
 * JetStream redelivers whatever was not acknowledged.
 */
export class BusConnection {
  private constructor(
    readonly options: BusOptions,
    readonly nc: NatsConnection,
    readonly js: JetStreamClient,
    readonly jsm: JetStreamManager,
    /** Which dead letters are recorded already (recording one is idempotent). */
    readonly deadLetterKeys: DeadLetterKeys,
  ) {}

  static async open(options: BusOptions): Promise<BusConnection> {
    const nc = await connect({
      servers: options.servers.split(','),
      name: options.name,
      maxReconnectAttempts: -1,
      reconnectTimeWait: 500,
      waitOnFirstConnect: false,
      // A server that hangs without closing the socket (frozen, partitioned) is given up after two
      // missed pings, 20-30 s, and the client moves to another node of NATS_URL; by default that
      // takes about four minutes, which a cluster's leader change would otherwise wait out.
      pingInterval: PING_INTERVAL_MS,
      maxPingOut: 2,
      // Each request (every JetStream publish is one) would otherwise build an Error up front, for
      // a stack of the caller should it time out: about 1 % of a busy agent's CPU. Errors keep the
      // subject and the client's own stack.
      noAsyncTraces: true,
      ...(options.credentials
        ? {
            user: options.credentials.user,
            pass: options.credentials.password,
            inboxPrefix: inboxPrefixOf(options.credentials.user),
          }
        : {}),
    });
    const jsm = await whenJetStreamAnswers('JetStream account', () => jetstreamManager(nc));
    await whenJetStreamAnswers(`stream ${options.stream}`, () => ensureStream(jsm, options));
    const js = jetstream(nc);
    const deadLetterKeys = new DeadLetterKeys(jsm, js, options);
    await whenJetStreamAnswers('dead-letter keys stream', () => deadLetterKeys.ensure());
    return new BusConnection(options, nc, js, jsm, deadLetterKeys);
  }

  /** Readiness: connected and the stream answers. */
  async check(): Promise<void> {
    if (this.nc.isClosed()) throw new Error('NATS connection closed');
    await this.jsm.streams.info(this.options.stream);
  }

  async close(): Promise<void> {
    if (!this.nc.isClosed()) await this.nc.drain().catch(() => this.nc.close());
  }
}
