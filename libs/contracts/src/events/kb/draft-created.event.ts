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
import { ADMIN_ID_PATTERN } from '../escalation/escalation-claimed.event.js';
import { DOC_LANGUAGES, type DocLanguage } from '../shared.dto.js';
import { DRAFT_ORIGINS, type DraftOrigin, GAP_ID_PATTERN } from './knowledge-gap.dto.js';
import { DRAFT_LIMITS } from '../../limits.js';

export class DraftCreatedPayload {
  @IsUUID()
  draftId!: string;

  @Matches(GAP_ID_PATTERN)
  gapId!: string;

  @IsString()
  @Length(1, DRAFT_LIMITS.titleChars)
  title!: string;

  @IsIn(DOC_LANGUAGES)
  lang!: DocLanguage;

  @IsString()
  @Length(1, DRAFT_LIMITS.topicChars)
  topic!: string;

  /** Markdown assembled from the admins' replies; the admin edits it before publishing. */
  @IsString()
  @Length(1, DRAFT_LIMITS.bodyChars)
  body!: string;

  /** The customers' questions the gap holds, as they asked them. */
  @IsArray()
  @ArrayMaxSize(DRAFT_LIMITS.examples)
  @IsString({ each: true })
  @Length(1, DRAFT_LIMITS.exampleChars, { each: true })
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

export const DraftCreated = defineEvent({
  type: 'kb.draft_created',
  version: 1,
  payload: DraftCreatedPayload,
  summary:
    'An admin drafted a knowledge-base article from a knowledge gap (avoidable escalations an ' +
    'admin answered); nothing is indexed until the draft is published.',
});
