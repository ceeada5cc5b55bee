import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsIn,
  IsNumber,
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
  CLARIFICATION_MAX_SECTIONS,
  CUSTOMER_ID_MAX_CHARS,
  DOC_ID_MAX_CHARS,
  MESSAGE_MAX_CHARS,
  OPTION_ID_MAX_CHARS,
  OPTION_TITLE_MAX_CHARS,
} from '../../limits.js';
import { CHUNK_ID_PATTERN, LANGUAGES, type Language } from '../shared.dto.js';
import { PersonalText } from '../../personal/personal-field.js';
import { legacyPlain } from '../../personal/sealed-format.js';

/**
 * One section a clarification offered: the option shown and where it points in the knowledge base.
 * Its title is a knowledge-base heading, never the customer's words: plain.
 */
export class OfferedSectionDto {
  @IsString()
  @Length(1, OPTION_ID_MAX_CHARS)
  optionId!: string;

  @IsString()
  @Length(1, OPTION_TITLE_MAX_CHARS)
  title!: string;

  @IsString()
  @Length(1, DOC_ID_MAX_CHARS)
  docId!: string;

  @Matches(CHUNK_ID_PATTERN)
  chunkId!: string;

  /** The score the gate judged this section's chunk by (under the floor, or it would have answered). */
  @IsNumber()
  @Min(0)
  @Max(1)
  score!: number;
}

export class ClarificationOfferedPayload {
  /** Also the id of the `agent.reply_sent` that asked it. */
  @IsUUID()
  replyId!: string;

  @IsString()
  @Length(1, CUSTOMER_ID_MAX_CHARS)
  customerId!: string;

  /**
   * The customer's message the gate could not answer, which a choice is asked about: sealed under
   * their key (personal).
   */
  @PersonalText({ maxChars: MESSAGE_MAX_CHARS })
  question!: string;

  @IsIn(LANGUAGES)
  language!: Language;

  /** The sections offered, best first; "none of these" is always offered besides them. */
  @IsArray()
  @ArrayMinSize(2)
  @ArrayMaxSize(CLARIFICATION_MAX_SECTIONS)
  @ValidateNested({ each: true })
  @Type(() => OfferedSectionDto)
  sections!: OfferedSectionDto[];
}

export const ClarificationOffered = defineEvent({
  type: 'clarification.offered',
  version: 2,
  payload: ClarificationOfferedPayload,
  summary:
    'Instead of a below_score_floor handoff, the customer was asked which of a few knowledge-base sections they mean (titles, never facts), or none of these. The question is personal: sealed under the customer’s key.',
  // Version 1 carried the question in plaintext: handed on as `pd0` (docs/privacy.md, old events).
  upcasters: {
    1: (payload) => ({ ...payload, question: legacyPlain(String(payload.question ?? '')) }),
  },
});
