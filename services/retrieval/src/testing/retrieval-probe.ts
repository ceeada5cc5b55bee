import {
  BusConnection,
  busOptionsFromEnv,
  EventConsumerRunner,
  EventPublisher,
  newEventId,
} from '@support/bus';
import {
  createEvent,
  DocumentIndexed,
  DocumentQuarantined,
  type EnvelopeOf,
  RetrievalCompleted,
  type RetrievalCompletedPayload,
  RetrievalRequested,
} from '@support/contracts';
import type { PersonalData } from '@support/privacy';
import { documentUpsertedEvent, type KbDocument } from '../ingestion/kb-document.js';

/** Retrieval's answer to a `kb.document_upserted`: indexed or quarantined. */
export type DocumentOutcome =
  EnvelopeOf<typeof DocumentIndexed> | EnvelopeOf<typeof DocumentQuarantined>;

export interface RetrievalProbeOptions {
  /** The probe's bus client name. */
  readonly name: string;
  /** The stream retrieval runs on. */
  readonly env: { readonly NATS_URL: string; readonly EVENT_STREAM: string };
  /** The conversation every `ask` is made in. */
  readonly conversationId: string;
  /** Seals each query as the agent does, with the keys retrieval opens it with. */
  readonly personalData: PersonalData;
  /** Whose key seals the queries (default `retrieval-probe`). */
  readonly customerId?: string;
}

const OUTCOME_TIMEOUT_MS = 30_000;
const COMPLETION_TIMEOUT_MS = 15_000;
const quiet = { warn: () => undefined, error: () => undefined };

/** Polls until `probe` has a value (every 50 ms), or fails after `timeoutMs`. */
async function waitFor<T>(probe: () => T | undefined, timeoutMs: number, what: string) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = probe();
    if (value !== undefined) return value;
    if (Date.now() >= deadline) throw new Error(`timed out after ${timeoutMs} ms: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * A test's view of a running retrieval service over the bus: it publishes documents and questions
 * and collects retrieval's answers (`kb.document_indexed` / `kb.document_quarantined` keyed by the
 * upsert's event id, `retrieval.completed` keyed by request id).
 */
export class RetrievalProbe {
  private readonly outcomes = new Map<string, DocumentOutcome>();
  private readonly completed = new Map<string, RetrievalCompletedPayload>();
  private readonly collectors: { stop(): Promise<void> }[] = [];

  private constructor(
    private readonly bus: BusConnection,
    readonly publisher: EventPublisher,
    private readonly conversationId: string,
    private readonly seal: (query: string) => Promise<string>,
  ) {}

  static async open(options: RetrievalProbeOptions): Promise<RetrievalProbe> {
    const bus = await BusConnection.open(busOptionsFromEnv(options.name, options.env));
    const customerId = options.customerId ?? 'retrieval-probe';
    const probe = new RetrievalProbe(
      bus,
      new EventPublisher(bus),
      options.conversationId,
      (query) => options.personalData.sealText(customerId, query),
    );
    try {
      await probe.startCollectors();
    } catch (error) {
      await probe.close();
      throw error;
    }
    return probe;
  }

  private async startCollectors(): Promise<void> {
    const runner = new EventConsumerRunner(this.bus, this.publisher, quiet);
    const keepOutcome = async (event: DocumentOutcome) =>
      void this.outcomes.set(event.causationId!, event);
    this.collectors.push(
      await runner.start({ durable: 'test-indexed', event: DocumentIndexed, handle: keepOutcome }),
      await runner.start({
        durable: 'test-quarantined',
        event: DocumentQuarantined,
        handle: keepOutcome,
      }),
      await runner.start({
        durable: 'test-completed',
        event: RetrievalCompleted,
        handle: async (event) => void this.completed.set(event.payload.requestId, event.payload),
      }),
    );
  }

  /** Retrieval's answer to the upsert event `eventId`, if it has come. */
  outcome(eventId: string): DocumentOutcome | undefined {
    return this.outcomes.get(eventId);
  }

  /** The `kb.document_indexed` for the upsert event `eventId`, if it has come. */
  indexed(eventId: string): EnvelopeOf<typeof DocumentIndexed> | undefined {
    const outcome = this.outcomes.get(eventId);
    return outcome?.type === DocumentIndexed.type ? outcome : undefined;
  }

  /** Publishes an upsert event and waits for retrieval's answer to it. */
  async publishAndWait(
    event: { id: string } & Parameters<EventPublisher['publish']>[0],
  ): Promise<DocumentOutcome> {
    await this.publisher.publish(event);
    return waitFor(() => this.outcome(event.id), OUTCOME_TIMEOUT_MS, `outcome of ${event.id}`);
  }

  /** Publishes the documents and returns retrieval's answer to each, in the order published. */
  async upsert(docs: readonly KbDocument[]): Promise<DocumentOutcome[]> {
    const ids: string[] = [];
    for (const doc of docs) {
      const event = documentUpsertedEvent(doc);
      ids.push(event.id);
      await this.publisher.publish(event);
    }
    return waitFor(
      () =>
        ids.every((id) => this.outcomes.has(id)) ? ids.map((id) => this.outcome(id)!) : undefined,
      OUTCOME_TIMEOUT_MS,
      `outcomes of ${ids.length} documents`,
    );
  }

  /** As `upsert`, for documents that must be indexed: fails if one is quarantined. */
  async upsertIndexed(docs: readonly KbDocument[]): Promise<EnvelopeOf<typeof DocumentIndexed>[]> {
    const outcomes = await this.upsert(docs);
    const quarantined = outcomes.filter((outcome) => outcome.type !== DocumentIndexed.type);
    if (quarantined.length > 0)
      throw new Error(`quarantined: ${quarantined.map((o) => o.payload.docId).join(', ')}`);
    return outcomes as EnvelopeOf<typeof DocumentIndexed>[];
  }

  /** Asks retrieval `query` (in `namespace`, if given) and waits for its `retrieval.completed`. */
  async ask(query: string, namespace?: string): Promise<RetrievalCompletedPayload> {
    return this.askSealed(await this.seal(query), namespace);
  }

  /** As `ask`, with a query sealed by the caller (under another customer's key, say). */
  async askSealed(query: string, namespace?: string): Promise<RetrievalCompletedPayload> {
    const requestId = newEventId();
    await this.publisher.publish(
      createEvent(
        RetrievalRequested,
        { requestId, query, ...(namespace ? { namespace } : {}) },
        {
          id: newEventId(),
          occurredAt: new Date().toISOString(),
          conversationId: this.conversationId,
          turnId: newEventId(),
          correlationId: newEventId(),
        },
      ),
    );
    return waitFor(
      () => this.completed.get(requestId),
      COMPLETION_TIMEOUT_MS,
      `retrieval.completed for ${requestId}`,
    );
  }

  async close(): Promise<void> {
    for (const collector of this.collectors.splice(0)) await collector.stop();
    await this.bus.close();
  }
}
