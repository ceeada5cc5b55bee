import { type EscalationReason, formatSealed, type Language } from '@support/contracts';
import type { GapQuestion, KnowledgeDraft } from '../knowledge-gap.js';

/** A UUID-shaped id from a small number, readable in test failures. */
export const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

const minute = (m: number) => new Date(Date.UTC(2026, 11, 1, 9, 0) + m * 60_000).toISOString();

/** An answered avoidable escalation asked at minute `n` of a test day. */
export function question(
  n: number,
  text: string,
  options: {
    topic?: string | null;
    language?: Language;
    reason?: EscalationReason;
    replies?: string[];
  } = {},
): GapQuestion {
  const escalationId = uuid(n);
  return {
    escalationId,
    conversationId: `conv-${n}`,
    reason: options.reason ?? 'below_score_floor',
    language: options.language ?? (/[\u0600-\u06FF]/.test(text) ? 'ar' : 'en'),
    topic: options.topic === undefined ? 'product' : options.topic,
    question: text,
    // A sealed value's shape (what the escalation carried); nothing in these tests opens it.
    sealedQuestion: formatSealed({
      keyId: uuid(n),
      iv: 'A'.repeat(16),
      tag: 'B'.repeat(22),
      ciphertext: Buffer.from(text).toString('base64url'),
    }),
    openedAt: minute(n),
    replies: (options.replies ?? [`Answer to ${n}`]).map((reply, i) => ({
      escalationId,
      adminId: 'U0ADMIN',
      text: reply,
      at: minute(n + 1 + i),
    })),
  };
}

export function draft(
  n: number,
  gapId: string,
  status: KnowledgeDraft['status'],
  at = minute(1000 + n),
): KnowledgeDraft {
  return {
    draftId: uuid(9000 + n),
    gapId,
    title: `Draft ${n}`,
    lang: 'en',
    topic: 'product',
    body: 'Body',
    examples: ['Q'],
    escalationIds: [gapId],
    createdBy: 'U0ADMIN',
    origin: 'console',
    createdAt: at,
    status,
    docId: status === 'published' ? `draft-${n}` : null,
    publishedBy: status === 'published' ? 'U0ADMIN' : null,
    publishedAt: status === 'published' ? at : null,
    discardedBy: status === 'discarded' ? 'U0ADMIN' : null,
    discardedAt: status === 'discarded' ? at : null,
  };
}
