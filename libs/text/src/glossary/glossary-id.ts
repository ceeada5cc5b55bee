/**
 * The glossary travels as the `kb.document_upserted` of this reserved document id (topic
 * `glossary`): the knowledge base's own event, so it is in the log, replayed and re-ingested like
 * any document, and no knowledge-base document may take the id.
 */
export const GLOSSARY_DOC_ID = 'glossary';
export const GLOSSARY_TOPIC = 'glossary';

/** Whether a `kb.document_upserted` payload is the glossary rather than a document. */
export function isGlossaryDocument(payload: { docId: string; topic: string }): boolean {
  return payload.docId === GLOSSARY_DOC_ID && payload.topic === GLOSSARY_TOPIC;
}
