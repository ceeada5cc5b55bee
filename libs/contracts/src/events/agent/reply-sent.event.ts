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
import { PersonalText } from '../../personal/personal-field.js';
import { legacyPlain } from '../../personal/sealed-format.js';

export const REPLY_KINDS = ['answer', 'abstention', 'holding', 'human', 'clarification'] as const;
export type ReplyKind = (typeof REPLY_KINDS)[number];

export class SentenceVerdictDto {
  /** A sentence of the draft, which may quote the customer: sealed under their key (personal). */
  @PersonalText({ maxChars: VERDICT_SENTENCE_MAX_CHARS })
  text!: string;

  @IsBoolean()
  factual!: boolean;

  @IsArray()
  @Matches(CHUNK_ID_PATTERN, { each: true })
  citations!: string[];

  @IsBoolean()
  ok!: boolean;

  /** Why the sentence failed; names the draft's words it could not support, so it is sealed too. */
  @IsOptional()
  @PersonalText({ maxChars: VERDICT_PROBLEM_MAX_CHARS })
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

  /**
   * What the customer reads, sealed under their key (personal): an answer may repeat what they
   * wrote (a name, an order number), an admin's words may say anything. Fixed texts are sealed too,
   * so no reader needs to know which kind it holds.
   */
  @PersonalText({ maxChars: REPLY_MAX_CHARS })
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

  /**
   * For the turn trace: the model's draft and the validation verdict, when a model ran. The draft
   * is sealed like the text (personal); the options' titles and the citations are the knowledge
   * base's words and stay plain.
   */
  @IsOptional()
  @PersonalText({ maxChars: REPLY_DRAFT_MAX_CHARS })
  draft?: string;

  @IsOptional()
  @ValidateNested()
  @Type(() => ValidationVerdictDto)
  validation?: ValidationVerdictDto;
}

/**
 * Version 1 carried the text, the draft and the verdict's sentences in plaintext; version 2 seals
 * them. An old event's plaintext is handed on wrapped as `pd0` (docs/privacy.md, old events).
 */
function sealedFieldsOfVersion1(payload: Record<string, unknown>): Record<string, unknown> {
  const wrapped = (value: unknown) => legacyPlain(String(value ?? ''));
  const validation = payload.validation as
    { sentences?: Record<string, unknown>[] } | null | undefined;
  return {
    ...payload,
    text: wrapped(payload.text),
    ...(typeof payload.draft === 'string' ? { draft: wrapped(payload.draft) } : {}),
    ...(validation && Array.isArray(validation.sentences)
      ? {
          validation: {
            ...validation,
            sentences: validation.sentences.map((sentence) => ({
              ...sentence,
              text: wrapped(sentence.text),
              ...(typeof sentence.problem === 'string'
                ? { problem: wrapped(sentence.problem) }
                : {}),
            })),
          },
        }
      : {}),
  };
}

export const ReplySent = defineEvent({
  type: 'agent.reply_sent',
  version: 2,
  payload: ReplySentPayload,
  summary:
    'A reply went to the customer: a validated answer, the abstention, a holding note or a human. ' +
    'The text, the draft and the verdict’s sentences are personal: sealed under the customer’s key.',
  upcasters: { 1: sealedFieldsOfVersion1 },
});
