import { describe, expect, it } from '@jest/globals';
import type { KnowledgeDraft, KnowledgeGap } from '@support/knowledge';
import { AppError } from '@support/platform/pure';
import type { EscalationThreadRow } from '../persistence/thread-entities.js';
import { AdminAllowList } from './admin-allow-list.js';
import { DraftFromThread } from './draft-from-thread.js';
import { DRAFT_REFUSALS, PUBLISH_REFUSALS } from './draft-notices.js';

const GAP = '6f1c6a8e-3b7a-4f3e-9d55-2c1d6b1f7a10';
const DRAFT = '0b5a1f3e-6a1d-4c1e-9d55-2c1d6b1f7a10';

const thread = (overrides: Partial<EscalationThreadRow> = {}): EscalationThreadRow => ({
  escalationId: GAP,
  conversationId: 'conv-1',
  customerId: 'cust-1',
  provider: 'slack',
  channel: 'C1',
  threadId: '1700000001.000001',
  raisedAt: new Date('2025-01-01T10:00:00Z'),
  openedAt: new Date('2025-01-01T10:00:01Z'),
  resolvedAt: null,
  withdrawnAt: null,
  reason: 'below_score_floor',
  group: 'avoidable',
  ...overrides,
});

const gap = { gapId: GAP, asked: 2 } as KnowledgeGap;
const storedDraft = {
  draftId: DRAFT,
  gapId: GAP,
  body: 'The stored, long body.',
} as KnowledgeDraft;

/** The use case over in-memory stand-ins of its ports, recording what reached `publish`. */
function subject(options: { row?: EscalationThreadRow | null; publishError?: AppError } = {}) {
  const published: unknown[] = [];
  const useCase = new DraftFromThread(
    { findByThreadMessage: async () => (options.row === undefined ? thread() : options.row) },
    {
      gapOfEscalation: async () => gap,
      startDraft: async () => ({ ...storedDraft, title: 'T', lang: 'en', topic: 'returns' }),
      publish: async (draftId, edits, adminId) => {
        if (options.publishError) throw options.publishError;
        published.push({ draftId, edits, adminId });
        return { docId: 'doc-1' };
      },
    },
    { draft: async (id) => (id === DRAFT ? storedDraft : null) },
    AdminAllowList.only(['UADMIN01']),
  );
  return { useCase, published };
}

const request = {
  channel: 'C1',
  threadId: '1700000001.000001',
  messageId: '1700000002.000001',
  postedAt: new Date('2025-01-01T10:05:00Z'),
  adminId: 'UADMIN01',
};

describe('DraftFromThread', () => {
  it('says why there is nothing to draft: not an admin, no thread, genuine', async () => {
    expect(await subject().useCase.open({ ...request, adminId: 'UOTHER' })).toMatchObject({
      outcome: 'refused',
      message: DRAFT_REFUSALS.not_an_admin(),
    });
    expect(await subject({ row: null }).useCase.open(request)).toMatchObject({
      reason: 'not_a_handoff_thread',
    });
    const genuine = thread({ reason: 'retrieval_unavailable', group: 'genuine' });
    expect(await subject({ row: genuine }).useCase.open(request)).toMatchObject({
      reason: 'genuine',
      message: DRAFT_REFUSALS.genuine('retrieval_unavailable'),
    });
  });

  it('publishes a body the form could not hold as the draft has it', async () => {
    const { useCase, published } = subject();
    const edits = { title: 'T', lang: 'en', topic: 'returns', body: null };
    expect(await useCase.publish(DRAFT, edits, 'UADMIN01')).toEqual({
      outcome: 'published',
      docId: 'doc-1',
    });
    expect(published).toEqual([
      { draftId: DRAFT, edits: { ...edits, body: storedDraft.body }, adminId: 'UADMIN01' },
    ]);
  });

  it("maps the use case's refusals to the form: field errors, closed or unknown drafts", async () => {
    const edits = { title: 'T', lang: 'en', topic: 'returns', body: 'B' };
    const invalid = subject({
      publishError: new AppError('validation_failed', 'the topic must be 1–64 characters'),
    });
    expect(await invalid.useCase.publish(DRAFT, edits, 'UADMIN01')).toEqual({
      outcome: 'invalid',
      errors: { topic: 'the topic must be 1–64 characters' },
    });
    const closed = subject({ publishError: new AppError('conflict', 'already published') });
    expect(await closed.useCase.publish(DRAFT, edits, 'UADMIN01')).toEqual({
      outcome: 'refused',
      message: PUBLISH_REFUSALS.closed_draft(),
    });
    expect(await subject().useCase.publish('not-a-uuid', edits, 'UADMIN01')).toEqual({
      outcome: 'refused',
      message: PUBLISH_REFUSALS.unknown_draft(),
    });
    expect(
      await subject().useCase.publish(DRAFT, { ...edits, lang: 'fr' }, 'UADMIN01'),
    ).toMatchObject({ outcome: 'invalid', errors: { lang: expect.any(String) } });
    expect(await subject().useCase.publish(DRAFT, edits, 'UOTHER')).toMatchObject({
      outcome: 'refused',
    });
  });
});
