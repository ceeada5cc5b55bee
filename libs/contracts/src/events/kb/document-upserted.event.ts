import { IsIn, IsOptional, IsString, Length, Matches } from 'class-validator';
import { defineEvent } from '../../event-definition.js';
import { DOC_LANGUAGES, type DocLanguage } from '../shared.dto.js';

export class DocumentUpsertedPayload {
  @Matches(/^[a-z0-9][a-z0-9-]{0,127}$/)
  docId!: string;

  @IsString()
  @Length(1, 300)
  title!: string;

  @IsIn(DOC_LANGUAGES)
  lang!: DocLanguage;

  @IsString()
  @Length(1, 64)
  topic!: string;

  /** Markdown without front matter. */
  @IsString()
  @Length(1, 500_000)
  body!: string;

  @Matches(/^[0-9a-f]{64}$/)
  contentSha256!: string;

  @IsOptional()
  @Matches(/^[a-z0-9_-]{1,64}$/)
  namespace?: string;
}

export const DocumentUpserted = defineEvent({
  type: 'kb.document_upserted',
  version: 1,
  payload: DocumentUpsertedPayload,
  summary:
    'A knowledge-base document was created or changed; retrieval re-chunks and re-indexes it.',
});
