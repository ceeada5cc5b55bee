import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  BusConnection,
  busOptionsFromEnv,
  deterministicId,
  EventConsumerRunner,
  EventPublisher,
  newEventId,
} from '@support/bus';
import {
  createEvent,
  EscalationClassified,
  EscalationRaised,
  type EnvelopeOf,
} from '@support/contracts';
import { type FakeChatReply, FakeOpenAiChatServer } from '@support/models/testing';
import { type StartedService, startService } from '@support/platform';
import { sealEscalationFields, PersonalData } from '@support/privacy';
import {
  createTestDatabase,
  eventually,
  startNatsServer,
  type TestNatsServer,
  uniqueName,
} from '@support/testing';
import { ClassifierModule } from './classifier.module.js';

const quiet = { warn: () => undefined, error: () => undefined };
const AT = '2026-03-10T09:00:00.000Z';

type Classified = EnvelopeOf<typeof EscalationClassified>;
type Raised = EnvelopeOf<typeof EscalationRaised>;

interface ClassifierStack {
  readonly publisher: EventPublisher;
  /** Every `escalation.classified` seen, in arrival order. */
  readonly classified: Classified[];
  raise(firstLine: string, options?: { escalationId?: string; id?: string }): Promise<Raised>;
  labelOf(escalationId: string): Promise<Classified>;
  close(): Promise<void>;
}

/** The classifier service on a test-owned nats-server, with a probe on `escalation.classified`. */
async function startClassifierStack(env: Record<string, string>): Promise<ClassifierStack> {
  const nats: TestNatsServer = await startNatsServer();
  const database = await createTestDatabase();
  const busEnv = { NATS_URL: nats.url, EVENT_STREAM: uniqueName('CLASSIFIER') };
  const service: StartedService = await startService(
    'classifier',
    ClassifierModule.register({
      env: { ...busEnv, ...env },
      bus: { servers: nats.url, stream: busEnv.EVENT_STREAM, backoffMs: [50] },
      database: { url: database.url },
    }),
    { port: 0, host: '127.0.0.1', shutdownHooks: false },
  );
  const bus = await BusConnection.open(busOptionsFromEnv('classifier-test', busEnv));
  const publisher = new EventPublisher(bus);
  const runner = new EventConsumerRunner(bus, publisher, quiet);
  const classified: Classified[] = [];
  // The agent's side: the transcript goes out sealed under the customer's key.
  const personalData = service.app.get(PersonalData);
  const collector = await runner.start({
    durable: 'test-classified',
    event: EscalationClassified,
    handle: async (event) => {
      classified.push(event);
    },
  });

  return {
    publisher,
    classified,
    raise: async (firstLine, options = {}) => {
      const event = createEvent(
        EscalationRaised,
        {
          escalationId: options.escalationId ?? newEventId(),
          customerId: 'cust-1',
          reason: 'agent_requested',
          group: 'genuine',
          language: 'en',
          ...(await sealEscalationFields(personalData, 'cust-1', {
            question: 'yes connect me',
            transcript: [
              { role: 'customer', text: firstLine, at: AT },
              { role: 'agent', text: 'Would you like me to connect you to a colleague?', at: AT },
              { role: 'customer', text: 'yes connect me', at: AT },
            ],
            ordersMentioned: [],
          })),
          chunks: [],
        },
        {
          id: options.id ?? newEventId(),
          occurredAt: new Date().toISOString(),
          conversationId: 'conv-c',
          turnId: newEventId(),
          correlationId: newEventId(),
        },
      );
      await publisher.publish(event);
      return event;
    },
    labelOf: (escalationId) =>
      eventually(
        () => classified.find((e) => e.payload.escalationId === escalationId) ?? false,
        15_000,
      ),
    close: async () => {
      await collector.stop();
      await service.app.close();
      await bus.close();
      await nats.stop();
      await database.drop();
    },
  };
}

describe('classifier service with the LLM adapter (fake OpenAI-compatible server)', () => {
  let fake: FakeOpenAiChatServer;
  let stack: ClassifierStack;

  beforeAll(async () => {
    // The transcript's first line says how the fake model behaves.
    fake = await FakeOpenAiChatServer.start({
      respond: (request): FakeChatReply => {
        const transcript = String(request.messages.at(-1)?.content ?? '');
        if (transcript.includes('[hang]')) return { kind: 'hang' };
        if (transcript.includes('[garbage]')) return { kind: 'text', text: 'It is about money.' };
        if (transcript.includes('[broken]')) return { kind: 'garbage' };
        if (transcript.includes('[unknown]')) return { kind: 'text', text: '{"topic": "billing"}' };
        return { kind: 'text', text: '{"topic": "payments"}' };
      },
    });
    stack = await startClassifierStack({
      CLASSIFIER_LLM_BASE_URL: fake.baseUrl,
      CLASSIFIER_TIMEOUT_MS: '500',
    });
  });
  afterAll(async () => {
    await stack.close();
    await fake.close();
  });

  it('publishes escalation.classified with the label, derived from the raised event', async () => {
    const raised = await stack.raise('I was charged twice, I want a refund');
    const classified = await stack.labelOf(raised.payload.escalationId);
    expect(classified.payload).toEqual({
      escalationId: raised.payload.escalationId,
      topic: 'payments',
      classifier: 'llm',
    });
    expect(classified.id).toBe(
      deterministicId('escalation.classified', raised.payload.escalationId),
    );
    expect(classified).toMatchObject({
      conversationId: raised.conversationId,
      turnId: raised.turnId,
      correlationId: raised.correlationId,
      causationId: raised.id,
    });
    // The model saw the whole conversation.
    const sent = fake.requests.find((r) =>
      String(r.messages.at(-1)?.content).includes('charged twice'),
    );
    expect(String(sent!.messages.at(-1)!.content)).toContain('customer: yes connect me');
  });

  it.each([
    ['answers garbage', '[garbage] please help', 'classifier_invalid_answer'],
    ['answers an unknown topic', '[unknown] please help', 'classifier_invalid_answer'],
    ['sends a broken body', '[broken] please help', 'classifier_unavailable'],
    ['hangs past the timeout', '[hang] please help', 'classifier_timeout'],
  ])('labels unclassified when the model %s, still publishing', async (_name, line, code) => {
    const raised = await stack.raise(line);
    const classified = await stack.labelOf(raised.payload.escalationId);
    expect(classified.payload).toMatchObject({
      escalationId: raised.payload.escalationId,
      topic: 'unclassified',
      classifier: 'fallback',
      error: { code },
    });
  });

  it('publishes one classified event for a duplicated or redelivered raised event', async () => {
    const escalationId = newEventId();
    const first = await stack.raise('my refund never came', { escalationId });
    // The same event again (deduplicated on publish), and a second raised event for the same
    // escalation under another id (it reaches the classifier, which labels it again).
    await stack.raise('my refund never came', { escalationId, id: first.id });
    await stack.raise('my refund never came', { escalationId });
    await stack.labelOf(escalationId);
    await eventually(
      () =>
        fake.requests.filter((r) => String(r.messages.at(-1)?.content).includes('refund never'))
          .length === 2,
      15_000,
    );
    // Give a second publish time to arrive, if there were one.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(stack.classified.filter((e) => e.payload.escalationId === escalationId)).toHaveLength(1);
  });
});

describe('classifier service with the local rules (no LLM configured)', () => {
  let stack: ClassifierStack;

  beforeAll(async () => {
    stack = await startClassifierStack({});
  });
  afterAll(() => stack.close());

  it('labels from the whole transcript with the rules classifier', async () => {
    const raised = await stack.raise('وين طلبي؟ المندوب ما وصل لين الحين');
    const classified = await stack.labelOf(raised.payload.escalationId);
    expect(classified.payload).toMatchObject({ topic: 'delivery', classifier: 'rules' });
    expect(classified.payload.confidence).toBeGreaterThan(0);
  });
});
