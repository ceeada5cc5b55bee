import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { DeliverPolicy } from '@nats-io/jetstream';
import { BusConnection, busOptionsFromEnv, EventPublisher, newEventId } from '@support/bus';
import { decodeEvent, DocumentIndexed, type EnvelopeOf } from '@support/contracts';
import { documentUpsertedEvent, parseKbMarkdown } from '@support/retrieval';
import cliProgress from 'cli-progress';
import { ensureServices } from '../host/system-services.js';

/**
 * `ingest DIR [--namespace NS]`: publishes every Markdown document of DIR as `kb.document_upserted`
 * and waits until retrieval has indexed each one (`kb.document_indexed`). When no retrieval service
 * is running, it hosts one in this process for the duration.
 */
export async function ingestCommand(options: {
  dir: string;
  namespace?: string;
  timeoutMs: number;
  quiet?: boolean;
}) {
  const dir = resolve(options.dir);
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.md') && f.toLowerCase() !== 'readme.md')
    .sort();
  const documents = files.map((file) =>
    parseKbMarkdown(readFileSync(join(dir, file), 'utf8'), file),
  );
  if (documents.length === 0) throw new Error(`no Markdown documents in ${dir}`);

  const services = await ensureServices(['retrieval']);
  const bus = await BusConnection.open(busOptionsFromEnv('cli-ingest'));
  const bar = new cliProgress.SingleBar(
    {
      format: 'ingest [{bar}] {value}/{total} documents | {chunks} chunks | {doc}',
      hideCursor: true,
    },
    cliProgress.Presets.shades_classic,
  );
  try {
    // Listen before publishing so no confirmation can be missed.
    const consumer = await bus.js.consumers.get(bus.options.stream, {
      filter_subjects: DocumentIndexed.subject,
      deliver_policy: DeliverPolicy.New,
    });
    const messages = await consumer.consume();
    const publisher = new EventPublisher(bus);
    const correlationId = newEventId();
    const waiting = new Map(documents.map((d) => [`${d.docId}|${d.contentSha256}`, d]));
    const started = Date.now();
    for (const doc of documents) {
      await publisher.publish(
        documentUpsertedEvent(doc, { namespace: options.namespace, correlationId }),
      );
    }
    if (!options.quiet) bar.start(documents.length, 0, { chunks: 0, doc: '' });
    let chunks = 0;
    const deadline = setTimeout(() => void messages.close(), options.timeoutMs);
    for await (const message of messages) {
      const event = decodeEvent(message.data) as EnvelopeOf<typeof DocumentIndexed>;
      if (!waiting.delete(`${event.payload.docId}|${event.payload.contentSha256}`)) continue;
      chunks += event.payload.chunkIds.length;
      if (!options.quiet)
        bar.update(documents.length - waiting.size, { chunks, doc: event.payload.docId });
      if (waiting.size === 0) break;
    }
    clearTimeout(deadline);
    await messages.close();
    if (!options.quiet) bar.stop();
    if (waiting.size > 0)
      throw new Error(
        `retrieval did not confirm ${waiting.size} document(s) within ${options.timeoutMs} ms: ${[...waiting.values()].map((d) => d.docId).join(', ')}`,
      );
    const seconds = (Date.now() - started) / 1000;
    if (!options.quiet)
      console.log(
        `ingested ${documents.length} documents, ${chunks} chunks in ${seconds.toFixed(1)} s (${Math.round(chunks / seconds)} chunks/s)`,
      );
    return { documents: documents.length, chunks };
  } finally {
    await bus.close();
    await services.close();
  }
}
