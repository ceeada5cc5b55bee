import { Type } from 'class-transformer';
import { IsArray, IsIn, IsInt, IsOptional, IsUUID, Min, ValidateNested } from 'class-validator';
import { defineEvent } from '../../event-definition.js';
import { ChunkScoreDto, ErrorInfoDto } from '../shared.dto.js';

export class RerankCompletedPayload {
  @IsUUID()
  requestId!: string;

  /** `failed_open`: the cross-encoder did not answer in time or answered wrongly; no scores. */
  @IsIn(['ok', 'failed_open'])
  status!: 'ok' | 'failed_open';

  @IsIn(['cross_encoder', 'lexical'])
  scorer!: 'cross_encoder' | 'lexical';

  @IsArray()
  @ValidateNested({ each: true })
  @Type(() => ChunkScoreDto)
  scores!: ChunkScoreDto[];

  @IsInt()
  @Min(0)
  latencyMs!: number;

  @IsOptional()
  @ValidateNested()
  @Type(() => ErrorInfoDto)
  error?: ErrorInfoDto;
}

export const RerankCompleted = defineEvent({
  type: 'rerank.completed',
  version: 1,
  payload: RerankCompletedPayload,
  summary: 'Scores from the cross-encoder (0..1), or a fail-open notice.',
});
