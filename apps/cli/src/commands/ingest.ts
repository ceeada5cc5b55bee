import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { DeliverPolicy } from '@nats-io/jetstream';
import { BusConnection, busOptionsFromEnv, EventPublisher, newEventId } from '@support/bus';
import {
  decodeEvent,
  DocumentIndexed,
  DocumentQuarantined,
  type DocumentQuarantinedPayload,
  DocumentUpserted,
  type EnvelopeOf,
} from '@support/contracts';
import { AppError } from '@support/platform/pure';
import {
  documentUpsertedEvent,
  GLOSSARY_FILE,
  glossaryUpsertedEvent,
  parseGlossary,
  parseKbMarkdown,
} from '@support/retrieval/pure';
import cliProgress from 'cli-progress';
import { ensureServices } from '../host/system-services.js';
import { quarantineReport } from './quarantine-report.js';

/**
 * `ingest DIR [--namespace NS]`: publishes every Markdown document of DIR as `kb.document_upserted`
 * and waits until retrieval has answered each one: indexed (`kb.document_indexed`) or refused
 * because it reads as instructions planted for the assistant (`kb.document_quarantined`). Each
 * refused document is reported, and the command then fails (or, with `keepGoingOnQuarantine`,
 * returns what it indexed and how many it refused: `start` serves the clean documents). When no retrieval service is running
 * on this machine, it hosts one in this process for the duration, unless `hostServices` is false
 * (the services run elsewhere, e.g. the cluster's ingest Job: it waits for theirs).
 */
export async function ingestCommand(options: {
  dir: string;
  namespace?: string;
  timeoutMs: number;
  quiet?: boolean;
  keepGoingOnQuarantine?: boolean;
  hostServices?: boolean;
}) {
  const dir = resolve(options.dir);
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.md') && f.toLowerCase() !== 'readme.md')
    .sort();
  const documents = files.map((file) =>
    parseKbMarkdown(readFileSync(join(dir, file), 'utf8'), file),
  );
  if (documents.length === 0) throw new Error(`no Markdown documents in ${dir}`);
  // The folder's glossary, checked before anything is published: a bad file fails the ingest.
  const glossaryPath = join(dir, GLOSSARY_FILE);
  const glossarySource = existsSync(glossaryPath) ? readFileSync(glossaryPath, 'utf8') : null;
  if (glossarySource !== null) parseGlossary(glossarySource, glossaryPath);

  const services =
    options.hostServices === false
      ? { hosted: false, close: async () => undefined }
      : await ensureServices(['retrieval']);
  const bus = await BusConnection.open(busOptionsFromEnv('cli-ingest'));
  const bar = new cliProgress.SingleBar(
    {
      format: 'ingest [{bar}] {value}/{total} documents | {chunks} chunks | {doc}',
      hideCursor: true,
    },
    cliProgress.Presets.shades_classic,
  );
  try {
    // Listen before publishing so no answer can be missed. One filter for the knowledge-base
    // events (support.kb.>): several filter subjects need nats-server 2.10.
    const consumer = await bus.js.consumers.get(bus.options.stream, {
      filter_subjects: DocumentIndexed.subject.replace(/[^.]+$/, '>'),
      deliver_policy: DeliverPolicy.New,
    });
    const messages = await consumer.consume();
    const publisher = new EventPublisher(bus);
    const correlationId = newEventId();
    const waiting = new Map(documents.map((d, i) => [`${d.docId}|${d.contentSha256}`, files[i]!]));
    const quarantined: { event: DocumentQuarantinedPayload; file: string }[] = [];
    const started = Date.now();
    if (glossarySource !== null) {
      const glossary = glossaryUpsertedEvent(glossarySource, {
        namespace: options.namespace,
        correlationId,
        origin: glossaryPath,
      });
      waiting.set(`${glossary.payload.docId}|${glossary.payload.contentSha256}`, GLOSSARY_FILE);
      await publisher.publish(glossary);
    }
    for (const doc of documents) {
      await publisher.publish(
        documentUpsertedEvent(doc, { namespace: options.namespace, correlationId }),
      );
    }
    if (!options.quiet) bar.start(documents.length, 0, { chunks: 0, doc: '' });
    let chunks = 0;
    const deadline = setTimeout(() => void messages.close(), options.timeoutMs);
    for await (const message of messages) {
      const event = decodeEvent(message.data) as EnvelopeOf<
        typeof DocumentIndexed | typeof DocumentQuarantined | typeof DocumentUpserted
      >;
      if (event.type === DocumentUpserted.type) continue;
      const key = `${event.payload.docId}|${event.payload.contentSha256}`;
      const file = waiting.get(key);
      if (file === undefined) continue;
      waiting.delete(key);
      if (event.type === DocumentQuarantined.type) quarantined.push({ event: event.payload, file });
      else chunks += event.payload.chunkIds.length;
      if (!options.quiet)
        bar.update(documents.length - waiting.size, { chunks, doc: event.payload.docId });
      if (waiting.size === 0) break;
    }
    clearTimeout(deadline);
    await messages.close();
    if (!options.quiet) bar.stop();
    if (waiting.size > 0)
      throw new Error(
        `retrieval did not confirm ${waiting.size} document(s) within ${options.timeoutMs} ms: ${[...waiting.values()].join(', ')}`,
      );
    const seconds = (Date.now() - started) / 1000;
    const indexed = documents.length - quarantined.length;
    if (!options.quiet)
      console.log(
        `ingested ${indexed} documents, ${chunks} chunks in ${seconds.toFixed(1)} s (${Math.round(chunks / seconds)} chunks/s)`,
      );
    // Reported even when quiet: a refused document is a failure, never a detail.
    for (const { event, file } of quarantined) console.error(quarantineReport(event, file));
    if (quarantined.length > 0 && !options.keepGoingOnQuarantine)
      throw new AppError(
        'validation_failed',
        `${quarantined.length} of ${documents.length} document(s) quarantined and not indexed: ${quarantined.map((q) => q.file).join(', ')}`,
      );
    return { documents: documents.length, chunks, quarantined: quarantined.length };
  } finally {
    await bus.close();
    await services.close();
  }
}
