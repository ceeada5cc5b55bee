import { IsArray, IsInt, IsString, Length, Matches, Min } from 'class-validator';
import { defineEvent } from '../../event-definition.js';
import { CHUNK_ID_PATTERN } from '../shared.dto.js';
import { EMBEDDER_NAME_MAX_CHARS } from '../../limits.js';

export class DocumentIndexedPayload {
  @Matches(/^[a-z0-9][a-z0-9-]{0,127}$/)
  docId!: string;

  @Matches(/^[a-z0-9_-]{1,64}$/)
  namespace!: string;

  /** The document's chunks now in the index, in order. */
  @IsArray()
  @Matches(CHUNK_ID_PATTERN, { each: true })
  chunkIds!: string[];

  /** Chunks of an earlier version that no longer exist and were removed. */
  @IsInt()
  @Min(0)
  removedChunks!: number;

  @Matches(/^[0-9a-f]{64}$/)
  contentSha256!: string;

  /** Which embedder produced the dense vectors (they are comparable only within one embedder). */
  @IsString()
  @Length(1, EMBEDDER_NAME_MAX_CHARS)
  embedder!: string;
}

export const DocumentIndexed = defineEvent({
  type: 'kb.document_indexed',
  version: 1,
  payload: DocumentIndexedPayload,
  summary: 'Retrieval chunked, embedded and indexed a document version (stale chunks removed).',
});
