import { IsBoolean, IsOptional, IsString, IsUUID, Length, Matches } from 'class-validator';
import { defineEvent } from '../../event-definition.js';
import { QUERY_MAX_CHARS } from '../../limits.js';

export class RetrievalRequestedPayload {
  @IsUUID()
  requestId!: string;

  @IsString()
  @Length(1, QUERY_MAX_CHARS)
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
  version: 1,
  payload: RetrievalRequestedPayload,
  summary: 'The agent asks the knowledge base for chunks that answer a query.',
});
