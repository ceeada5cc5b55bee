import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsNumber,
  IsObject,
  IsOptional,
  IsString,
  IsUUID,
  Length,
  Matches,
  Max,
  Min,
  ValidateNested,
} from 'class-validator';
import { defineEvent } from '../../event-definition.js';

import {
  CHUNK_ID_PATTERN,
  ChunkDto,
  ChunkScoreDto,
  ErrorInfoDto,
  LANGUAGES,
  type Language,
} from '../shared.dto.js';
import { DOC_ID_MAX_CHARS, GATE_SENTENCE_MAX_CHARS, MAX_GATE_SENTENCES } from '../../limits.js';

export const RETRIEVAL_LEGS = ['dense', 'sparse_en', 'sparse_ar'] as const;
export type RetrievalLeg = (typeof RETRIEVAL_LEGS)[number];
export const LEG_STATUSES = ['ok', 'skipped', 'timed_out', 'failed'] as const;
export const RETRIEVAL_VERDICTS = ['ok', 'retrieval_unavailable', 'below_score_floor'] as const;
export type RetrievalVerdict = (typeof RETRIEVAL_VERDICTS)[number];

export class LegTraceDto {
  @IsIn(RETRIEVAL_LEGS)
  leg!: RetrievalLeg;

  @IsIn(LEG_STATUSES)
  status!: (typeof LEG_STATUSES)[number];

  @IsInt()
  @Min(0)
  latencyMs!: number;

  @IsInt()
  @Min(0)
  hits!: number;

  @IsOptional()
  @ValidateNested()
  @Type(() => ErrorInfoDto)
  error?: ErrorInfoDto;
}

export class FusedHitDto {
  @Matches(CHUNK_ID_PATTERN)
  chunkId!: string;

  @IsString()
  @Length(1, DOC_ID_MAX_CHARS)
  docId!: string;

  @IsNumber()
  @Min(0)
  rrfScore!: number;

  /** 1-based rank of this chunk in each leg that returned it. */
  @IsObject()
  ranks!: Partial<Record<RetrievalLeg, number>>;
}

export class RerankTraceDto {
  @IsIn(['cross_encoder', 'lexical'])
  scorer!: 'cross_encoder' | 'lexical';

  /** True when the cross-encoder timed out or failed and RRF order was kept. */
  @IsBoolean()
  failOpen!: boolean;

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

/** One sentence of the prompt chunks, scored for how well it answers the query. */
export class SentenceScoreDto {
  @Matches(CHUNK_ID_PATTERN)
  chunkId!: string;

  @IsString()
  @Length(1, GATE_SENTENCE_MAX_CHARS)
  text!: string;

  @IsNumber()
  @Min(0)
  @Max(1)
  score!: number;
}

/**
 * The sentence-level gate, when the request asked for it (`sentenceGate`): the best sentences
 * with their scores, and whether one reached the floor.
 */
export class SentenceGateDto {
  @IsNumber()
  @Min(0)
  @Max(1)
  floor!: number;

  @IsBoolean()
  passed!: boolean;

  @IsArray()
  @ArrayMaxSize(MAX_GATE_SENTENCES)
  @ValidateNested({ each: true })
  @Type(() => SentenceScoreDto)
  sentences!: SentenceScoreDto[];
}

export class GateTraceDto {
  @IsIn(['reranker', 'lexical'])
  kind!: 'reranker' | 'lexical';

  @IsNumber()
  @Min(0)
  @Max(1)
  floor!: number;

  /** Null when there was no candidate to score. */
  @IsOptional()
  @IsNumber()
  @Min(0)
  @Max(1)
  topScore!: number | null;

  /** False when either gate refused: the chunk floor, or the sentence gate when it ran. */
  @IsBoolean()
  passed!: boolean;

  /** Optional since it was added: events before it, and requests without `sentenceGate`, lack it. */
  @IsOptional()
  @ValidateNested()
  @Type(() => SentenceGateDto)
  sentence?: SentenceGateDto;
}

export class RetrievalCompletedPayload {
  @IsUUID()
  requestId!: string;

  @IsIn(RETRIEVAL_VERDICTS)
  verdict!: RetrievalVerdict;

  @IsIn(LANGUAGES)
  language!: Language;

  @IsArray()
  @ValidateNested({ each: true })
  @Type(() => LegTraceDto)
  legs!: LegTraceDto[];

  @IsArray()
  @ValidateNested({ each: true })
  @Type(() => FusedHitDto)
  fused!: FusedHitDto[];

  @IsOptional()
  @ValidateNested()
  @Type(() => RerankTraceDto)
  rerank?: RerankTraceDto;

  @IsOptional()
  @ValidateNested()
  @Type(() => GateTraceDto)
  gate?: GateTraceDto;

  /**
   * The top PROMPT_CHUNKS after reranking (and those that tie with the last of them, up to twice
   * as many), each with the score the gate judged. They enter the prompt only when the verdict is
   * `ok`; otherwise they are the trace of what was found.
   */
  @IsArray()
  @ValidateNested({ each: true })
  @Type(() => ChunkDto)
  chunks!: ChunkDto[];

  @IsInt()
  @Min(0)
  latencyMs!: number;
}

export const RetrievalCompleted = defineEvent({
  type: 'retrieval.completed',
  version: 1,
  payload: RetrievalCompletedPayload,
  summary: 'Retrieval finished: the full trace (legs, fusion, rerank, gate) and the prompt chunks.',
});
