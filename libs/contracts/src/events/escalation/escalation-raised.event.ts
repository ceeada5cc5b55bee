import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsIn,
  IsISO8601,
  IsString,
  IsUUID,
  Length,
  ValidateNested,
} from 'class-validator';
import { defineEvent } from '../../event-definition.js';
import { ChunkScoreDto, LANGUAGES, type Language } from '../shared.dto.js';
import {
  ESCALATION_REASONS,
  type EscalationGroup,
  type EscalationReason,
} from './escalation-reasons.js';
import {
  CUSTOMER_ID_MAX_CHARS,
  ESCALATION_QUESTION_MAX_CHARS,
  TRANSCRIPT_LINE_MAX_CHARS,
  TRANSCRIPT_MAX_ENTRIES,
} from '../../limits.js';

export class TranscriptEntryDto {
  @IsIn(['customer', 'agent', 'human'])
  role!: 'customer' | 'agent' | 'human';

  @IsString()
  @Length(0, TRANSCRIPT_LINE_MAX_CHARS)
  text!: string;

  @IsISO8601({ strict: true })
  at!: string;
}

export class EscalationRaisedPayload {
  @IsUUID()
  escalationId!: string;

  @IsString()
  @Length(1, CUSTOMER_ID_MAX_CHARS)
  customerId!: string;

  @IsIn(ESCALATION_REASONS)
  reason!: EscalationReason;

  @IsIn(['genuine', 'avoidable'])
  group!: EscalationGroup;

  @IsIn(LANGUAGES)
  language!: Language;

  /** The customer message of the escalating turn. */
  @IsString()
  @Length(0, ESCALATION_QUESTION_MAX_CHARS)
  question!: string;

  @IsArray()
  @ArrayMaxSize(TRANSCRIPT_MAX_ENTRIES)
  @ValidateNested({ each: true })
  @Type(() => TranscriptEntryDto)
  transcript!: TranscriptEntryDto[];

  /** The chunks the reranker chose, with their scores (empty when retrieval was down). */
  @IsArray()
  @ValidateNested({ each: true })
  @Type(() => ChunkScoreDto)
  chunks!: ChunkScoreDto[];

  @IsArray()
  @IsString({ each: true })
  ordersMentioned!: string[];
}

export const EscalationRaised = defineEvent({
  type: 'escalation.raised',
  version: 1,
  payload: EscalationRaisedPayload,
  summary:
    'A turn was routed to a human: the reason (and its group), transcript and chosen chunks.',
});
