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
import { legacyPlain } from '../../personal/sealed-format.js';
import { PersonalText } from '../../personal/personal-field.js';
import { ChunkScoreDto, LANGUAGES, type Language } from '../shared.dto.js';
import {
  ESCALATION_GROUPS,
  ESCALATION_REASONS,
  type EscalationGroup,
  type EscalationReason,
} from './escalation-reasons.js';
import {
  CUSTOMER_ID_MAX_CHARS,
  ESCALATION_QUESTION_MAX_CHARS,
  ORDER_REF_MAX_CHARS,
  TRANSCRIPT_LINE_MAX_CHARS,
  TRANSCRIPT_MAX_ENTRIES,
} from '../../limits.js';

export class TranscriptEntryDto {
  @IsIn(['customer', 'agent', 'human'])
  role!: 'customer' | 'agent' | 'human';

  /**
   * Personal, sealed under the customer's key: their words, and the assistant's and admins' lines,
   * which may quote them.
   */
  @PersonalText({ maxChars: TRANSCRIPT_LINE_MAX_CHARS })
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

  @IsIn(ESCALATION_GROUPS)
  group!: EscalationGroup;

  @IsIn(LANGUAGES)
  language!: Language;

  /** The customer message of the escalating turn, sealed under their key (personal). */
  @PersonalText({ maxChars: ESCALATION_QUESTION_MAX_CHARS })
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

  /** Order numbers the conversation named, each sealed under the customer's key (personal). */
  @IsArray()
  @PersonalText({ maxChars: ORDER_REF_MAX_CHARS, each: true })
  ordersMentioned!: string[];
}

/**
 * Version 1 carried the question, the transcript's lines and the orders named in plaintext;
 * version 2 seals them. An old event's plaintext is handed on wrapped as `pd0`, as
 * `conversation.message_received` version 1's is (docs/privacy.md).
 */
function sealedFieldsOfVersion1(payload: Record<string, unknown>): Record<string, unknown> {
  const transcript = (payload.transcript as Record<string, unknown>[] | undefined) ?? [];
  const orders = (payload.ordersMentioned as unknown[] | undefined) ?? [];
  return {
    ...payload,
    question: legacyPlain(String(payload.question ?? '')),
    transcript: transcript.map((entry) => ({
      ...entry,
      text: legacyPlain(String(entry.text ?? '')),
    })),
    ordersMentioned: orders.map((order) => legacyPlain(String(order))),
  };
}

export const EscalationRaised = defineEvent({
  type: 'escalation.raised',
  version: 2,
  payload: EscalationRaisedPayload,
  summary:
    'A turn was routed to a human: the reason (and its group), transcript and chosen chunks. ' +
    'The question, the transcript’s lines and the orders named are personal: sealed under the ' +
    'customer’s key.',
  upcasters: { 1: sealedFieldsOfVersion1 },
});
