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

export class RerankCandidateDto {
  @Matches(CHUNK_ID_PATTERN)
  chunkId!: string;

  @IsString()
  @Length(1, 20_000)
  text!: string;
}

export class RerankRequestedPayload {
  @IsUUID()
  requestId!: string;

  @IsString()
  @Length(1, 4000)
  query!: string;

  @IsArray()
  @ArrayMaxSize(100)
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
