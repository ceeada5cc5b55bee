import { DOC_LANGUAGES, type DocLanguage } from '@support/contracts';
import type { KnowledgeGaps, KnowledgeSources } from '@support/knowledge';
import { AppError } from '@support/platform/pure';
import type { ThreadStore } from '../persistence/thread-store.js';
import type {
  DraftEdits,
  DraftField,
  DraftOpening,
  DraftPublication,
  DraftRefusal,
  DraftRequest,
  KnowledgeDraftHandler,
} from '../ports/knowledge-draft.js';
import type { AdminAllowList } from './admin-allow-list.js';
import { DRAFT_REFUSALS, PUBLISH_REFUSALS } from './draft-notices.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * "Add to knowledge base" on an admin's reply in a handoff thread: find the escalation the message
 * answers (by the thread this service opened), its knowledge gap, and open the gap's draft, the
 * same one the console opens (`KnowledgeGaps.startDraft` returns the waiting draft, or drafts one).
 * Publishing goes through `KnowledgeGaps.publish`: a person's click is the only way in.
 *
 * Only admins on the allow-list draft and publish: anyone in the channel can run a shortcut.
 */
export class DraftFromThread implements KnowledgeDraftHandler {
  constructor(
    private readonly store: Pick<ThreadStore, 'findByThreadMessage'>,
    private readonly knowledge: Pick<KnowledgeGaps, 'gapOfEscalation' | 'startDraft' | 'publish'>,
    private readonly drafts: Pick<KnowledgeSources, 'draft'>,
    private readonly admins: AdminAllowList,
  ) {}

  async open(request: DraftRequest): Promise<DraftOpening> {
    if (!this.admins.allows(request.adminId)) return refused('not_an_admin');
    const escalation = await this.store.findByThreadMessage(
      request.channel,
      request.threadId,
      request.postedAt,
    );
    if (!escalation) return refused('not_a_handoff_thread');
    if (escalation.group === 'genuine') return refused('genuine', escalation.reason ?? undefined);
    const gap = await this.knowledge.gapOfEscalation(escalation.escalationId);
    if (!gap) return refused('no_gap');
    const draft = await this.knowledge.startDraft(gap, request.adminId, 'slack');
    return {
      outcome: 'opened',
      draft: {
        draftId: draft.draftId,
        gapId: gap.gapId,
        title: draft.title,
        lang: draft.lang,
        topic: draft.topic,
        body: draft.body,
        asked: gap.asked,
      },
    };
  }

  async publish(draftId: string, edits: DraftEdits, adminId: string): Promise<DraftPublication> {
    if (!this.admins.allows(adminId))
      return { outcome: 'refused', message: PUBLISH_REFUSALS.not_an_admin() };
    if (!UUID.test(draftId))
      return { outcome: 'refused', message: PUBLISH_REFUSALS.unknown_draft() };
    if (!isDocLanguage(edits.lang))
      return { outcome: 'invalid', errors: { lang: 'Choose English or Arabic.' } };
    // A body the form could not hold is published as drafted.
    const body = edits.body ?? (await this.drafts.draft(draftId))?.body;
    if (body === undefined)
      return { outcome: 'refused', message: PUBLISH_REFUSALS.unknown_draft() };
    try {
      const { docId } = await this.knowledge.publish(
        draftId,
        { title: edits.title, lang: edits.lang, topic: edits.topic, body },
        adminId,
      );
      return { outcome: 'published', docId };
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      if (error.code === 'validation_failed')
        return { outcome: 'invalid', errors: { [fieldOf(error.message)]: error.message } };
      if (error.code === 'not_found')
        return { outcome: 'refused', message: PUBLISH_REFUSALS.unknown_draft() };
      if (error.code === 'conflict')
        return { outcome: 'refused', message: PUBLISH_REFUSALS.closed_draft() };
      throw error;
    }
  }
}

function refused(reason: DraftRefusal, detail?: string): DraftOpening {
  return { outcome: 'refused', reason, message: DRAFT_REFUSALS[reason](detail) };
}

function isDocLanguage(value: string): value is DocLanguage {
  return (DOC_LANGUAGES as readonly string[]).includes(value);
}

/** The field a refusal of `KnowledgeGaps.publish` names ("the title must be …"); else the body. */
function fieldOf(message: string): DraftField {
  const named = /^the (title|language|topic|body)\b/i.exec(message)?.[1]?.toLowerCase();
  return named === 'language' ? 'lang' : ((named as DraftField | undefined) ?? 'body');
}
