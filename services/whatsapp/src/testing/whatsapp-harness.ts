import {
  BusConnection,
  busOptionsFromEnv,
  EventConsumerRunner,
  EventPublisher,
  type RunningConsumer,
} from '@support/bus';
import type { EnvelopeOf, EventDefinition } from '@support/contracts';
import { type Clock, type StartedService, startService } from '@support/platform';
import {
  createTestDatabase,
  startNatsServer,
  type TestDatabase,
  type TestNatsServer,
  uniqueName,
} from '@support/testing';
import { WhatsAppModule } from '../whatsapp.module.js';
import { FakeGraphApi } from './fake-graph-api.js';

/** A clock a test moves (the 24-hour window, the idle conversation). */
export class MovableClock implements Clock {
  private offsetMs = 0;
  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }
  advance(ms: number): void {
    this.offsetMs += ms;
  }
}

export interface WhatsAppHarness {
  readonly nats: TestNatsServer;
  readonly database: TestDatabase;
  readonly graph: FakeGraphApi;
  readonly service: StartedService;
  readonly clock: MovableClock;
  readonly publisher: EventPublisher;
  readonly bus: BusConnection;
  readonly webhookUrl: string;
  /** Every event of `definition` published from now on, in order. */
  /** Events of a type from now on; `prepare` (opening a sealed payload, say) runs on each first. */
  collect<D extends EventDefinition>(
    definition: D,
    prepare?: (event: EnvelopeOf<D>) => Promise<EnvelopeOf<D>>,
  ): Promise<EnvelopeOf<D>[]>;
  close(): Promise<void>;
}

const quiet = { warn: () => undefined, error: () => undefined };

/**
 * The WhatsApp service alone on a test-owned nats-server and database, its Cloud API a
 * {@link FakeGraphApi}; the test plays the agent (it reads `message_received`, publishes replies).
 */
export async function startWhatsAppHarness(
  env: Record<string, string> = {},
): Promise<WhatsAppHarness> {
  const nats = await startNatsServer();
  const database = await createTestDatabase();
  const graph = await FakeGraphApi.start();
  const clock = new MovableClock();
  const busEnv = { NATS_URL: nats.url, EVENT_STREAM: uniqueName('WHATSAPP') };
  const service = await startService(
    'whatsapp',
    WhatsAppModule.register({
      env: { ...busEnv, ...graph.env(), WHATSAPP_TEMPLATE_NAME: 'support_reply', ...env },
      // A duplicate window of one second: Meta's retries come long after the stream's two minutes.
      bus: {
        servers: nats.url,
        stream: busEnv.EVENT_STREAM,
        backoffMs: [100],
        duplicateWindowMs: 1_000,
      },
      database: { url: database.url },
      clock,
    }),
    { port: 0, host: '127.0.0.1', shutdownHooks: false },
  );
  const bus = await BusConnection.open(busOptionsFromEnv('whatsapp-test', busEnv));
  const publisher = new EventPublisher(bus);
  const runner = new EventConsumerRunner(bus, publisher, quiet);
  const probes: RunningConsumer[] = [];
  return {
    nats,
    database,
    graph,
    service,
    clock,
    publisher,
    bus,
    webhookUrl: `${service.url}/whatsapp/webhook`,
    collect: async <D extends EventDefinition>(
      definition: D,
      prepare: (event: EnvelopeOf<D>) => Promise<EnvelopeOf<D>> = async (event) => event,
    ) => {
      const seen: EnvelopeOf<D>[] = [];
      probes.push(
        await runner.start({
          durable: uniqueName('probe'),
          event: definition,
          deliverPolicy: 'new',
          handle: async (event) => void seen.push(await prepare(event as EnvelopeOf<D>)),
        }),
      );
      return seen;
    },
    close: async () => {
      for (const probe of probes) await probe.stop();
      await service.app.close();
      await bus.close();
      await graph.stop();
      await database.drop();
      await nats.stop();
    },
  };
}
