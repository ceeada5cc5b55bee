import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { EventPublisher } from '@support/bus';
import { documentUpsertedEvent, type KbDocument, parseKbMarkdown } from '@support/retrieval';

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
