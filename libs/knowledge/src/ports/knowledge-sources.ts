import type { TermPair } from '@support/text';
import type { GapQuestion, KnowledgeDraft } from '../knowledge-gap.js';

/**
 * What knowledge gaps are made of, read from the projections (implemented by `KnowledgeReader`
 * in @support/persistence, structurally: persistence does not depend on this lib).
 */
export interface KnowledgeSources {
  /**
   * Avoidable escalations (`below_score_floor`, `answer_validation_failed`, `rephrase_requested`) with at least one
   * admin reply, raised at or after `since` (all of them when null), with their replies.
   */
  answeredAvoidable(since: Date | null): Promise<GapQuestion[]>;
  /** Every draft, whatever its status. */
  drafts(): Promise<KnowledgeDraft[]>;
  draft(draftId: string): Promise<KnowledgeDraft | null>;
  /**
   * The glossary pairs of a namespace as its latest glossary document left them (none when it has
   * no glossary). `''` names the default namespace: glossary events that name none.
   */
  glossary(namespace: string): Promise<TermPair[]>;
}
