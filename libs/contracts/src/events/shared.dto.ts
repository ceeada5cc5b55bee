import { IsIn, IsNumber, IsOptional, IsString, Length, Matches, Max, Min } from 'class-validator';
import {
  CHUNK_TEXT_MAX_CHARS,
  DOC_ID_MAX_CHARS,
  DOC_TITLE_MAX_CHARS,
  ERROR_CODE_MAX_CHARS,
  ERROR_MESSAGE_MAX_CHARS,
} from '../limits.js';

export const LANGUAGES = ['en', 'ar', 'mixed'] as const;
export type Language = (typeof LANGUAGES)[number];

export const DOC_LANGUAGES = ['en', 'ar'] as const;
export type DocLanguage = (typeof DOC_LANGUAGES)[number];

/** `<doc-id>#<n>`: stable, short, the form customers see in citations. */
export const CHUNK_ID_PATTERN = /^[a-z0-9][a-z0-9-]*#\d+$/;

/** A knowledge-base chunk as it enters a prompt or a trace. */
export class ChunkDto {
  @Matches(CHUNK_ID_PATTERN)
  chunkId!: string;

  @IsString()
  @Length(1, DOC_ID_MAX_CHARS)
  docId!: string;

  @IsString()
  @Length(1, DOC_TITLE_MAX_CHARS)
  title!: string;

  @IsIn(DOC_LANGUAGES)
  lang!: DocLanguage;

  @IsString()
  @Length(1, CHUNK_TEXT_MAX_CHARS)
  text!: string;

  /** The score of the gate that admitted it (reranker, or lexical on fail-open), 0..1. */
  @IsNumber()
  @Min(0)
  @Max(1)
  score!: number;
}

export class ChunkScoreDto {
  @Matches(CHUNK_ID_PATTERN)
  chunkId!: string;

  @IsNumber()
  @Min(0)
  @Max(1)
  score!: number;
}

export class CitationDto {
  @Matches(CHUNK_ID_PATTERN)
  chunkId!: string;

  @IsString()
  @Length(1, DOC_ID_MAX_CHARS)
  docId!: string;

  @IsString()
  @Length(1, DOC_TITLE_MAX_CHARS)
  title!: string;
}

export class ErrorInfoDto {
  @IsString()
  @Length(1, ERROR_CODE_MAX_CHARS)
  code!: string;

  @IsOptional()
  @IsString()
  @Length(0, ERROR_MESSAGE_MAX_CHARS)
  message?: string;
}
