import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type BusConnection, type EventPublisher, readEventLog } from '@support/bus';
import {
  DocumentQuarantined,
  type DocumentQuarantinedPayload,
  type EnvelopeOf,
} from '@support/contracts';
import { eventually } from '@support/testing';
import { documentUpsertedEvent, type KbDocument, parseKbMarkdown } from '@support/retrieval/pure';

export const KB_DIR = fileURLToPath(new URL('../../../../kb/', import.meta.url));

/** The project's sample knowledge base. */
export function kbDocuments(): KbDocument[] {
  return readdirSync(KB_DIR)
    .filter((f) => f.endsWith('.md'))
    .map((f) => parseKbMarkdown(readFileSync(join(KB_DIR, f), 'utf8'), f));
}

export async function publishDocuments(
  publisher: EventPublisher,
  docs: readonly KbDocument[],
): Promise<void> {
  for (const doc of docs) await publisher.publish(documentUpsertedEvent(doc));
}

/** The quarantine report of each document version (by content hash), once all of them have one. */
export function quarantineReports(
  reader: BusConnection,
  docs: readonly KbDocument[],
): Promise<Map<string, DocumentQuarantinedPayload>> {
  return eventually(async () => {
    const events = (await readEventLog(reader, DocumentQuarantined)).events as EnvelopeOf<
      typeof DocumentQuarantined
    >[];
    const bySha = new Map(events.map((e) => [e.payload.contentSha256, e.payload]));
    return docs.every((d) => bySha.has(d.contentSha256)) ? bySha : false;
  }, 30_000);
}
