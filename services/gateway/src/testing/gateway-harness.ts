import { storeFixtureKey } from '@support/privacy/testing';
import { DataSource } from 'typeorm';
import { type EnvelopeOf, MessageReceived } from '@support/contracts';
import { openCustomerMessage, PersonalData } from '@support/privacy';
import { BusConnection, busOptionsFromEnv, EventPublisher, readEventLog } from '@support/bus';
import { type StartedService, startService } from '@support/platform';
import {
  createTestDatabase,
  startNatsServer,
  type TestDatabase,
  type TestNatsServer,
  uniqueName,
} from '@support/testing';
import { GatewayModule } from '../gateway.module.js';

export interface GatewayHarness {
  readonly nats: TestNatsServer;
  readonly database: TestDatabase;
  readonly gateway: StartedService;
  /** The test's own connection to the gateway's stream, to publish and read events. */
  readonly bus: BusConnection;
  readonly publisher: EventPublisher;
  readonly wsUrl: string;
  /** The customers' messages in the log, opened with the gateway's keys (as the agent reads them). */
  customerMessages(): Promise<EnvelopeOf<typeof MessageReceived>[]>;
  /** `text` sealed under the customer's key in the gateway's key store, for a hand-made event. */
  seal(customerId: string, text: string): Promise<string>;
  close(): Promise<void>;
}

/**
 * A real gateway on a free port, with a test-owned nats-server and a fresh test database; in demo
 * mode (the pages sign in through it) unless `gatewayEnv` says DEMO_TOKENS=false.
 */
export async function startGatewayHarness(
  gatewayEnv: Record<string, string>,
): Promise<GatewayHarness> {
  // Every test signs in from 127.0.0.1: the per-address demo-token throttle is tested apart.
  const env = {
    DEMO_TOKENS: 'true',
    DEMO_TOKEN_BURST: '1000',
    DEMO_TOKEN_PER_MINUTE: '1000',
    ...gatewayEnv,
  };
  const nats = await startNatsServer();
  const database = await createTestDatabase();
  const busEnv = { NATS_URL: nats.url, EVENT_STREAM: uniqueName('GATEWAY') };
  const gateway = await startService(
    'gateway',
    GatewayModule.register({
      bus: { servers: nats.url, stream: busEnv.EVENT_STREAM, backoffMs: [50] },
      database: { url: database.url },
      env,
    }),
    { port: 0, host: '127.0.0.1', shutdownHooks: false },
  );
  // Fixtures sealed with `sealForTests` open in this gateway as any customer's words do.
  await storeFixtureKey(gateway.app.get(DataSource));
  const bus = await BusConnection.open({
    ...busOptionsFromEnv('gateway-test', busEnv),
    publishTimeoutMs: 5_000,
  });

  return {
    nats,
    database,
    gateway,
    bus,
    publisher: new EventPublisher(bus),
    wsUrl: `${gateway.url.replace('http', 'ws')}/ws`,
    customerMessages: async () => {
      const personalData = gateway.app.get(PersonalData);
      const { events } = await readEventLog(bus, MessageReceived);
      return Promise.all(
        (events as EnvelopeOf<typeof MessageReceived>[]).map(async (event) => {
          const { text, attachments } = await openCustomerMessage(personalData, event.payload);
          return { ...event, payload: { ...event.payload, text, attachments: [...attachments] } };
        }),
      );
    },
    seal: (customerId, text) => gateway.app.get(PersonalData).sealText(customerId, text),
    close: async () => {
      await gateway.app.close();
      await bus.close();
      await database.drop();
      await nats.stop();
    },
  };
}
