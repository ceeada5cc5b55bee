import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsIn,
  IsString,
  IsUUID,
  Length,
  Matches,
} from 'class-validator';
import { defineEvent } from '../../event-definition.js';
import { legacyPlain } from '../../personal/sealed-format.js';
import { PersonalText } from '../../personal/personal-field.js';
import { ADMIN_ID_PATTERN } from '../escalation/escalation-claimed.event.js';
import { DOC_LANGUAGES, type DocLanguage } from '../shared.dto.js';
import { DRAFT_ORIGINS, type DraftOrigin, GAP_ID_PATTERN } from './knowledge-gap.dto.js';
import { DRAFT_LIMITS, ESCALATION_QUESTION_MAX_CHARS } from '../../limits.js';

export class DraftCreatedPayload {
  @IsUUID()
  draftId!: string;

  @Matches(GAP_ID_PATTERN)
  gapId!: string;

  /**
   * The question asked most often, as the draft's first title: personal, so it is that question as
   * its escalation carried it, sealed under the key of the customer who asked it. The admin writes
   * the title that is published (`kb.draft_published`).
   */
  @PersonalText({ maxChars: ESCALATION_QUESTION_MAX_CHARS })
  title!: string;

  @IsIn(DOC_LANGUAGES)
  lang!: DocLanguage;

  @IsString()
  @Length(1, DRAFT_LIMITS.topicChars)
  topic!: string;

  /**
   * Markdown assembled from the admins' replies (the shop's answer, not the customers' words); the
   * admin edits it before publishing.
   */
  @IsString()
  @Length(1, DRAFT_LIMITS.bodyChars)
  body!: string;

  /**
   * The customers' questions the gap holds, as they asked them. Several customers' words: each is
   * its escalation's question as `escalation.raised` carried it, sealed under the key of the customer
   * who asked it, so forgetting one customer erases their example and no other.
   */
  @IsArray()
  @ArrayMaxSize(DRAFT_LIMITS.examples)
  @PersonalText({ maxChars: ESCALATION_QUESTION_MAX_CHARS, each: true })
  examples!: string[];

  /** The escalations the draft answers. */
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(DRAFT_LIMITS.escalations)
  @IsUUID('all', { each: true })
  escalationIds!: string[];

  @IsString()
  @Matches(ADMIN_ID_PATTERN)
  createdBy!: string;

  @IsIn(DRAFT_ORIGINS)
  origin!: DraftOrigin;
}

/** Version 1 carried the title and the examples in plaintext; handed on as `pd0` (docs/privacy.md). */
function sealedFieldsOfVersion1(payload: Record<string, unknown>): Record<string, unknown> {
  const examples = (payload.examples as unknown[] | undefined) ?? [];
  return {
    ...payload,
    title: legacyPlain(String(payload.title ?? '')),
    examples: examples.map((example) => legacyPlain(String(example))),
  };
}

export const DraftCreated = defineEvent({
  type: 'kb.draft_created',
  version: 2,
  payload: DraftCreatedPayload,
  summary:
    'An admin drafted a knowledge-base article from a knowledge gap (avoidable escalations an ' +
    'admin answered); nothing is indexed until the draft is published. The first title and the ' +
    'examples are customers’ questions: each sealed under its own customer’s key.',
  upcasters: { 1: sealedFieldsOfVersion1 },
});
