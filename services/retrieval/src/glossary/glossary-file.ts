import { newEventId } from '@support/bus/pure';
import { createEvent, DocumentUpserted } from '@support/contracts';
import { AppError } from '@support/platform/pure';
import { GLOSSARY_FILE, GlossaryError, parseGlossaryText, type TermPair } from '@support/text';
import { sha256 } from '../ingestion/kb-document.js';
import { GLOSSARY_DOC_ID, GLOSSARY_TOPIC } from './glossary-id.js';

export { GLOSSARY_FILE };

/**
 * Parses and checks a glossary (see `parseGlossaryText` in @support/text, where the rules live so
 * the projections can read glossaries too); a bad one is a `validation_failed` AppError naming the
 * file and the entry.
 */
export function parseGlossary(source: string, origin = GLOSSARY_FILE): TermPair[] {
  try {
    return parseGlossaryText(source, origin);
  } catch (error) {
    if (error instanceof GlossaryError) throw new AppError('validation_failed', error.message);
    throw error;
  }
}

/** The `kb.document_upserted` that carries a glossary (checked first: a bad file throws). */
export function glossaryUpsertedEvent(
  source: string,
  options: { namespace?: string; correlationId?: string; origin?: string } = {},
) {
  parseGlossary(source, options.origin);
  const body = source.replace(/^\uFEFF/, '').trim();
  const { namespace } = options;
  return createEvent(
    DocumentUpserted,
    {
      docId: GLOSSARY_DOC_ID,
      title: 'Glossary',
      lang: 'en',
      topic: GLOSSARY_TOPIC,
      body,
      contentSha256: sha256(body),
      ...(namespace ? { namespace } : {}),
    },
    {
      id: newEventId(),
      occurredAt: new Date().toISOString(),
      correlationId: options.correlationId ?? newEventId(),
    },
  );
}
