import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsString,
  IsUUID,
  Length,
  Matches,
  ValidateNested,
} from 'class-validator';
import { defineEvent } from '../../event-definition.js';
import { CHUNK_ID_PATTERN } from '../shared.dto.js';
import { CHUNK_TEXT_MAX_CHARS, QUERY_MAX_CHARS, RERANK_MAX_CANDIDATES } from '../../limits.js';
import { PersonalText } from '../../personal/personal-field.js';
import { legacyPlain } from '../../personal/sealed-format.js';

export class RerankCandidateDto {
  @Matches(CHUNK_ID_PATTERN)
  chunkId!: string;

  @IsString()
  @Length(1, CHUNK_TEXT_MAX_CHARS)
  text!: string;
}

export class RerankRequestedPayload {
  @IsUUID()
  requestId!: string;

  /**
   * The customer's words (or retrieval's translation of them), sealed under the key that sealed
   * the retrieval request's query: the conversation's customer's (personal).
   */
  @PersonalText({ maxChars: QUERY_MAX_CHARS })
  query!: string;

  @IsArray()
  @ArrayMaxSize(RERANK_MAX_CANDIDATES)
  @ValidateNested({ each: true })
  @Type(() => RerankCandidateDto)
  candidates!: RerankCandidateDto[];
}

export const RerankRequested = defineEvent({
  type: 'rerank.requested',
  version: 2,
  payload: RerankRequestedPayload,
  summary:
    'Retrieval asks the reranker proxy to score fused candidates against the query. The query is ' +
    'personal: sealed under the customer’s key; the candidates are knowledge-base text.',
  // Version 1 carried the query in plaintext: handed on as `pd0` (docs/privacy.md, old events).
  upcasters: { 1: (payload) => ({ ...payload, query: legacyPlain(String(payload.query ?? '')) }) },
});
