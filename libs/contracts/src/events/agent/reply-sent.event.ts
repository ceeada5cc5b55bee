import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsOptional,
  IsString,
  IsUUID,
  Length,
  Matches,
  ValidateNested,
} from 'class-validator';
import { defineEvent } from '../../event-definition.js';
import { CHUNK_ID_PATTERN, CitationDto, LANGUAGES, type Language } from '../shared.dto.js';
import { ReplyOptionDto } from '../conversation/choice.dto.js';
import {
  CUSTOMER_ID_MAX_CHARS,
  REPLY_MAX_OPTIONS,
  REPLY_DRAFT_MAX_CHARS,
  REPLY_MAX_CHARS,
  VERDICT_PROBLEM_MAX_CHARS,
  VERDICT_SENTENCE_MAX_CHARS,
} from '../../limits.js';

export const REPLY_KINDS = ['answer', 'abstention', 'holding', 'human', 'clarification'] as const;
export type ReplyKind = (typeof REPLY_KINDS)[number];

export class SentenceVerdictDto {
  @IsString()
  @Length(1, VERDICT_SENTENCE_MAX_CHARS)
  text!: string;

  @IsBoolean()
  factual!: boolean;

  @IsArray()
  @Matches(CHUNK_ID_PATTERN, { each: true })
  citations!: string[];

  @IsBoolean()
  ok!: boolean;

  @IsOptional()
  @IsString()
  @Length(1, VERDICT_PROBLEM_MAX_CHARS)
  problem?: string;
}

export class ValidationVerdictDto {
  @IsBoolean()
  passed!: boolean;

  @IsArray()
  @ValidateNested({ each: true })
  @Type(() => SentenceVerdictDto)
  sentences!: SentenceVerdictDto[];
}

export class ReplySentPayload {
  @IsUUID()
  replyId!: string;

  @IsString()
  @Length(1, CUSTOMER_ID_MAX_CHARS)
  customerId!: string;

  /**
   * `answer`: a validated, cited model reply; `abstention`: the fixed text of force_escalate;
   * `holding`: "a colleague will reply" while a human has the conversation; `human`: an admin's
   * words, verbatim; `clarification`: the fixed clarifying question, its sections as `options`.
   */
  @IsIn(REPLY_KINDS)
  kind!: ReplyKind;

  @IsString()
  @Length(1, REPLY_MAX_CHARS)
  text!: string;

  @IsIn(LANGUAGES)
  language!: Language;

  @IsArray()
  @ValidateNested({ each: true })
  @Type(() => CitationDto)
  citations!: CitationDto[];

  /**
   * Choices the customer may answer with (a clarifying question): buttons where the channel has
   * them, numbered lines otherwise; the customer's pick comes back as `message_received.choice`.
   */
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(REPLY_MAX_OPTIONS)
  @ValidateNested({ each: true })
  @Type(() => ReplyOptionDto)
  options?: ReplyOptionDto[];

  /** For the turn trace: the model's draft and the validation verdict, when a model ran. */
  @IsOptional()
  @IsString()
  @Length(0, REPLY_DRAFT_MAX_CHARS)
  draft?: string;

  @IsOptional()
  @ValidateNested()
  @Type(() => ValidationVerdictDto)
  validation?: ValidationVerdictDto;
}

export const ReplySent = defineEvent({
  type: 'agent.reply_sent',
  version: 1,
  payload: ReplySentPayload,
  summary:
    'A reply went to the customer: a validated answer, the abstention, a holding note or a human.',
});
