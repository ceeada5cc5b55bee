import { IsIn, IsOptional, IsString, IsUUID, Length, Matches } from 'class-validator';
import { defineEvent } from '../../event-definition.js';
import {
  CUSTOMER_ID_MAX_CHARS,
  DOC_ID_MAX_CHARS,
  OPTION_ID_MAX_CHARS,
  OPTION_TITLE_MAX_CHARS,
} from '../../limits.js';
import { CHUNK_ID_PATTERN } from '../shared.dto.js';

/**
 * What the customer did with a clarification: chose a `section` (its turn then runs on that
 * section's question), `none` of them (handed off), or wrote something `other` than a choice.
 */
export const CLARIFICATION_OUTCOMES = ['section', 'none', 'other'] as const;
export type ClarificationOutcome = (typeof CLARIFICATION_OUTCOMES)[number];

export class ClarificationChosenPayload {
  /** The `clarification.offered` this answers (its reply id). */
  @IsUUID()
  offerReplyId!: string;

  /** The turn that offered it; the event's own turn is the one the answer starts. */
  @IsUUID()
  offerTurnId!: string;

  @IsString()
  @Length(1, CUSTOMER_ID_MAX_CHARS)
  customerId!: string;

  @IsIn(CLARIFICATION_OUTCOMES)
  outcome!: ClarificationOutcome;

  /** The chosen option's id and title; absent when the customer wrote something else. */
  @IsOptional()
  @IsString()
  @Length(1, OPTION_ID_MAX_CHARS)
  optionId?: string;

  @IsOptional()
  @IsString()
  @Length(1, OPTION_TITLE_MAX_CHARS)
  title?: string;

  /** The chosen section's document and chunk (outcome `section`). */
  @IsOptional()
  @IsString()
  @Length(1, DOC_ID_MAX_CHARS)
  docId?: string;

  @IsOptional()
  @Matches(CHUNK_ID_PATTERN)
  chunkId?: string;
}

export const ClarificationChosen = defineEvent({
  type: 'clarification.chosen',
  version: 1,
  payload: ClarificationChosenPayload,
  summary:
    'The customer answered a clarification: a section (a normal, checked turn runs on it), none of these (handed off), or another message.',
});
