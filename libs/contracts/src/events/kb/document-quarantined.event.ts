import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsIn,
  IsInt,
  IsString,
  Length,
  Matches,
  Min,
  ValidateNested,
} from 'class-validator';
import { defineEvent } from '../../event-definition.js';
import { CHUNK_ID_PATTERN, DOC_LANGUAGES, type DocLanguage } from '../shared.dto.js';
import {
  DOC_TITLE_MAX_CHARS,
  MAX_FINDING_SENTENCE_CHARS,
  MAX_QUARANTINE_FINDINGS,
} from '../../limits.js';

/**
 * Why a sentence of a document reads as an instruction planted for the assistant:
 * - `addressed_to_assistant`: it speaks to the assistant, model, AI or bot ("Assistant, …", "يا بوت…");
 * - `answer_instruction`: it tells the reader how to answer customers ("always say…", "قل للعميل…");
 * - `secret_request`: it asks its reader for card data, a PIN, a password or a one-time code, in any words;
 * - `override_instructions`: it tries to replace the assistant's rules ("ignore previous instructions");
 * - `bidi_control`: it holds a bidirectional control (U+202E…), so it can display other words than
 *   it is made of.
 */
export const PLANTED_INSTRUCTION_RULES = [
  'addressed_to_assistant',
  'answer_instruction',
  'secret_request',
  'override_instructions',
  'bidi_control',
] as const;
export type PlantedInstructionRule = (typeof PLANTED_INSTRUCTION_RULES)[number];

export class QuarantineFindingDto {
  /** The sentence as a reader sees it (invisible characters removed), truncated. */
  @IsString()
  @Length(1, MAX_FINDING_SENTENCE_CHARS)
  sentence!: string;

  @IsIn(PLANTED_INSTRUCTION_RULES)
  rule!: PlantedInstructionRule;

  /** The language of the phrasing that matched (a mixed sentence reports the matching one). */
  @IsIn(DOC_LANGUAGES)
  language!: DocLanguage;
}

export class DocumentQuarantinedPayload {
  @Matches(/^[a-z0-9][a-z0-9-]{0,127}$/)
  docId!: string;

  @IsString()
  @Length(1, DOC_TITLE_MAX_CHARS)
  title!: string;

  @Matches(/^[a-z0-9_-]{1,64}$/)
  namespace!: string;

  /** The version that was refused, as `kb.document_upserted` named it. */
  @Matches(/^[0-9a-f]{64}$/)
  contentSha256!: string;

  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(MAX_QUARANTINE_FINDINGS)
  @ValidateNested({ each: true })
  @Type(() => QuarantineFindingDto)
  findings!: QuarantineFindingDto[];

  /** Every flagged sentence of the document, including those past the first 50. */
  @IsInt()
  @Min(1)
  findingCount!: number;

  /** Chunks of an earlier, clean version that stay in the index (empty for a new document). */
  @IsArray()
  @Matches(CHUNK_ID_PATTERN, { each: true })
  keptChunkIds!: string[];
}

export const DocumentQuarantined = defineEvent({
  type: 'kb.document_quarantined',
  version: 1,
  payload: DocumentQuarantinedPayload,
  summary:
    'Retrieval refused to index a document version because sentences read as instructions planted for the assistant or ask customers for secrets; an earlier clean version stays indexed.',
});
