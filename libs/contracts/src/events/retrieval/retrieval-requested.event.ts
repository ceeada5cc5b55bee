import { IsOptional, IsString, IsUUID, Length, Matches } from 'class-validator';
import { defineEvent } from '../../event-definition.js';

export class RetrievalRequestedPayload {
  @IsUUID()
  requestId!: string;

  @IsString()
  @Length(1, 4000)
  query!: string;

  /** Which index namespace to search; eval runs ingest into a fresh one. */
  @IsOptional()
  @Matches(/^[a-z0-9_-]{1,64}$/)
  namespace?: string;
}

export const RetrievalRequested = defineEvent({
  type: 'retrieval.requested',
  version: 1,
  payload: RetrievalRequestedPayload,
  summary: 'The agent asks the knowledge base for chunks that answer a query.',
});
