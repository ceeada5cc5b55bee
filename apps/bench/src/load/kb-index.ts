import { type BusConnection, EventConsumerRunner, type EventPublisher } from '@support/bus';
import { DocumentIndexed } from '@support/contracts';
import { documentUpsertedEvent } from '@support/retrieval';
import { eventually } from '@support/testing';
import { readKb } from '../local-retrieval.js';

/**
 * Publishes every document of `kbDir` as `kb.document_upserted` and waits until the retrieval
 * service has confirmed each with `kb.document_indexed`.
 */
export async function indexKnowledgeBase(
  bus: BusConnection,
  publisher: EventPublisher,
  kbDir: string,
): Promise<{ documents: number; chunks: number }> {
  const indexed = new Map<string, number>();
  const runner = new EventConsumerRunner(bus, publisher, {
    warn: () => undefined,
    error: console.error,
  });
  const consumer = await runner.start({
    durable: 'bench-kb-indexed',
    event: DocumentIndexed,
    handle: async (event) => {
      indexed.set(event.payload.docId, event.payload.chunkIds.length);
    },
  });
  try {
    const docs = readKb(kbDir);
    for (const doc of docs) await publisher.publish(documentUpsertedEvent(doc));
    await eventually(() => docs.every((doc) => indexed.has(doc.docId)), 60_000);
    return { documents: docs.length, chunks: [...indexed.values()].reduce((a, b) => a + b, 0) };
  } finally {
    await consumer.stop();
  }
}
