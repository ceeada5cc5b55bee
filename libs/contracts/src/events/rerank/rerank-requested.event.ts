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

  @IsString()
  @Length(1, QUERY_MAX_CHARS)
  query!: string;

  @IsArray()
  @ArrayMaxSize(RERANK_MAX_CANDIDATES)
  @ValidateNested({ each: true })
  @Type(() => RerankCandidateDto)
  candidates!: RerankCandidateDto[];
}

export const RerankRequested = defineEvent({
  type: 'rerank.requested',
  version: 1,
  payload: RerankRequestedPayload,
  summary: 'Retrieval asks the reranker proxy to score fused candidates against the query.',
});
