import { IsBoolean, IsOptional, IsUUID, Matches } from 'class-validator';
import { defineEvent } from '../../event-definition.js';
import { QUERY_MAX_CHARS } from '../../limits.js';
import { PersonalText } from '../../personal/personal-field.js';
import { legacyPlain } from '../../personal/sealed-format.js';

export class RetrievalRequestedPayload {
  @IsUUID()
  requestId!: string;

  /** The customer's words, sealed under the conversation's customer's key (personal). */
  @PersonalText({ maxChars: QUERY_MAX_CHARS })
  query!: string;

  /** Which index namespace to search; eval runs ingest into a fresh one. */
  @IsOptional()
  @Matches(/^[a-z0-9_-]{1,64}$/)
  namespace?: string;

  /**
   * Also gate on sentences: the verdict is `below_score_floor` unless a sentence of the prompt
   * chunks answers the query. Asked for by an agent whose model answers with verbatim sentences.
   */
  @IsOptional()
  @IsBoolean()
  sentenceGate?: boolean;
}

export const RetrievalRequested = defineEvent({
  type: 'retrieval.requested',
  version: 2,
  payload: RetrievalRequestedPayload,
  summary:
    'The agent asks the knowledge base for chunks that answer a query. The query is personal: ' +
    'sealed under the customer’s key.',
  // Version 1 carried the query in plaintext: handed on as `pd0` (docs/privacy.md, old events).
  upcasters: { 1: (payload) => ({ ...payload, query: legacyPlain(String(payload.query ?? '')) }) },
});
