import { createHash } from 'node:crypto';
import { newEventId } from '@support/bus/pure';
import { createEvent, DocumentUpserted } from '@support/contracts';
import { AppError } from '@support/platform/pure';
import { parse as parseYaml } from 'yaml';
import { GLOSSARY_DOC_ID } from '../glossary/glossary-id.js';

export interface KbDocument {
  readonly docId: string;
  readonly title: string;
  readonly lang: 'en' | 'ar';
  readonly topic: string;
  /** Markdown without the front matter. */
  readonly body: string;
  readonly contentSha256: string;
}

const FRONT_MATTER = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?/;
const DOC_ID = /^[a-z0-9][a-z0-9-]{0,127}$/;

export function sha256(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

/** Parses a knowledge-base Markdown file with front matter (id, title, lang, topic). */
export function parseKbMarkdown(source: string, origin = 'document'): KbDocument {
  const match = FRONT_MATTER.exec(source.replace(/^\uFEFF/, ''));
  if (!match)
    throw new AppError(
      'validation_failed',
      `${origin}: missing front matter (--- id/title/lang/topic ---)`,
    );
  let meta: Record<string, unknown>;
  try {
    meta = (parseYaml(match[1]!) ?? {}) as Record<string, unknown>;
  } catch (error) {
    throw new AppError(
      'validation_failed',
      `${origin}: front matter is not valid YAML: ${(error as Error).message}`,
    );
  }
  const field = (name: string) => {
    const value = meta[name];
    if (typeof value !== 'string' || !value.trim())
      throw new AppError('validation_failed', `${origin}: front matter needs a "${name}"`);
    return value.trim();
  };
  const docId = field('id');
  if (!DOC_ID.test(docId))
    throw new AppError(
      'validation_failed',
      `${origin}: id "${docId}" must be lowercase letters, digits and dashes`,
    );
  if (docId === GLOSSARY_DOC_ID)
    throw new AppError(
      'validation_failed',
      `${origin}: id "${docId}" is reserved for the glossary (glossary.yaml)`,
    );
  const lang = field('lang');
  if (lang !== 'en' && lang !== 'ar')
    throw new AppError('validation_failed', `${origin}: lang must be en or ar, got "${lang}"`);
  const body = source.slice(match[0].length).trim();
  if (!body) throw new AppError('validation_failed', `${origin}: the document has no body`);
  return {
    docId,
    title: field('title'),
    lang,
    topic: field('topic'),
    body,
    contentSha256: sha256(body),
  };
}

/** The `kb.document_upserted` event that (re-)indexes a parsed document. */
export function documentUpsertedEvent(
  doc: KbDocument,
  options: { namespace?: string; correlationId?: string } = {},
) {
  const { docId, title, lang, topic, body, contentSha256 } = doc;
  const namespace = options.namespace;
  return createEvent(
    DocumentUpserted,
    { docId, title, lang, topic, body, contentSha256, ...(namespace ? { namespace } : {}) },
    {
      id: newEventId(),
      occurredAt: new Date().toISOString(),
      correlationId: options.correlationId ?? newEventId(),
    },
  );
}
