import type { KnowledgeDraft, KnowledgeGap } from '../knowledge-gap.js';
import type { KnowledgeSources } from '../ports/knowledge-sources.js';
import { groupGaps } from './group-gaps.js';

/** The gaps grouped from a history of answered questions, and the drafts they were grouped with. */
export interface AllGaps {
  readonly gaps: KnowledgeGap[];
  readonly drafts: KnowledgeDraft[];
}

/**
 * The gaps of a namespace's answered avoidable escalations raised since `since` (all when null),
 * and the drafts they were grouped with: one read of each source. `drafts` defaults to the
 * sources' own; the use case passes the drafts it also remembers.
 */
export async function readGaps(
  sources: KnowledgeSources,
  namespace: string,
  since: Date | null,
  drafts: Promise<KnowledgeDraft[]> = sources.drafts(),
): Promise<AllGaps> {
  const [questions, read, glossary] = await Promise.all([
    sources.answeredAvoidable(since),
    drafts,
    sources.glossary(namespace),
  ]);
  return { gaps: groupGaps(questions, read, glossary), drafts: read };
}
