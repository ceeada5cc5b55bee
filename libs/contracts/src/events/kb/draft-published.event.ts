import { IsIn, IsString, IsUUID, Length, Matches } from 'class-validator';
import { defineEvent } from '../../event-definition.js';
import { ADMIN_ID_PATTERN } from '../escalation/escalation-claimed.event.js';
import { DOC_LANGUAGES, type DocLanguage } from '../shared.dto.js';
import { GAP_ID_PATTERN } from './knowledge-gap.dto.js';
import { DRAFT_LIMITS } from '../../limits.js';

export class DraftPublishedPayload {
  @IsUUID()
  draftId!: string;

  @Matches(GAP_ID_PATTERN)
  gapId!: string;

  /** The knowledge-base document the article became (its `kb.document_upserted` follows). */
  @Matches(/^[a-z0-9][a-z0-9-]{0,127}$/)
  docId!: string;

  /** The article as the admin published it, after their edits. */
  @IsString()
  @Length(1, DRAFT_LIMITS.titleChars)
  title!: string;

  @IsIn(DOC_LANGUAGES)
  lang!: DocLanguage;

  @IsString()
  @Length(1, DRAFT_LIMITS.topicChars)
  topic!: string;

  @IsString()
  @Length(1, DRAFT_LIMITS.bodyChars)
  body!: string;

  @Matches(/^[0-9a-f]{64}$/)
  contentSha256!: string;

  @IsString()
  @Matches(ADMIN_ID_PATTERN)
  publishedBy!: string;
}

export const DraftPublished = defineEvent({
  type: 'kb.draft_published',
  version: 1,
  payload: DraftPublishedPayload,
  summary:
    "An admin published a draft: it becomes a knowledge-base document (the same edit's " +
    '`kb.document_upserted`, source `admin_console`) and closes its knowledge gap.',
});
