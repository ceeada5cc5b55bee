import { IsIn, IsOptional, IsString, IsUUID, Length, Matches, ValidateIf } from 'class-validator';
import { defineEvent } from '../../event-definition.js';
import { ADMIN_ID_PATTERN } from '../escalation/escalation-claimed.event.js';
import { DOC_LANGUAGES, type DocLanguage } from '../shared.dto.js';
import { DOCUMENT_SOURCES, type DocumentSource, GAP_ID_PATTERN } from './knowledge-gap.dto.js';
import { DOC_BODY_MAX_CHARS, DOC_TITLE_MAX_CHARS, DOC_TOPIC_MAX_CHARS } from '../../limits.js';

export class DocumentUpsertedPayload {
  @Matches(/^[a-z0-9][a-z0-9-]{0,127}$/)
  docId!: string;

  @IsString()
  @Length(1, DOC_TITLE_MAX_CHARS)
  title!: string;

  @IsIn(DOC_LANGUAGES)
  lang!: DocLanguage;

  @IsString()
  @Length(1, DOC_TOPIC_MAX_CHARS)
  topic!: string;

  /** Markdown without front matter. */
  @IsString()
  @Length(1, DOC_BODY_MAX_CHARS)
  body!: string;

  @Matches(/^[0-9a-f]{64}$/)
  contentSha256!: string;

  @IsOptional()
  @Matches(/^[a-z0-9_-]{1,64}$/)
  namespace?: string;

  /**
   * Who wrote this version: `files` (a knowledge-base folder, `cli ingest`; also when absent) or
   * `admin_console` (an article an admin published from a knowledge gap, with the gap, the draft
   * and the admin named below).
   */
  @IsOptional()
  @IsIn(DOCUMENT_SOURCES)
  source?: DocumentSource;

  @ValidateIf(
    (payload: DocumentUpsertedPayload) =>
      payload.source === 'admin_console' || payload.gapId !== undefined,
  )
  @Matches(GAP_ID_PATTERN)
  gapId?: string;

  @ValidateIf(
    (payload: DocumentUpsertedPayload) =>
      payload.source === 'admin_console' || payload.draftId !== undefined,
  )
  @IsUUID()
  draftId?: string;

  @ValidateIf(
    (payload: DocumentUpsertedPayload) =>
      payload.source === 'admin_console' || payload.publishedBy !== undefined,
  )
  @IsString()
  @Matches(ADMIN_ID_PATTERN)
  publishedBy?: string;
}

export const DocumentUpserted = defineEvent({
  type: 'kb.document_upserted',
  version: 1,
  payload: DocumentUpsertedPayload,
  summary:
    'A knowledge-base document was created or changed; retrieval re-chunks and re-indexes it.',
});
