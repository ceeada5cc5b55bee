import { sealForTests } from '@support/privacy/testing';
import { newEventId } from '@support/bus';
import {
  AdminReplied,
  createEvent,
  DocumentUpserted,
  DraftCreated,
  DraftDiscarded,
  DraftPublished,
  EscalationClassified,
  EscalationRaised,
  type EventDefinition,
  type EventEnvelope,
  EXAMPLE_PAYLOADS,
} from '@support/contracts';

export const KNOWLEDGE_DAY = Date.UTC(2026, 11, 2, 9, 0);
const at = (minute: number) => new Date(KNOWLEDGE_DAY + minute * 60_000).toISOString();

function make(
  definition: EventDefinition,
  minute: number,
  payload: Record<string, unknown>,
  conversationId: string | null = null,
): EventEnvelope {
  return createEvent(
    definition,
    {
      ...EXAMPLE_PAYLOADS[definition.type as keyof typeof EXAMPLE_PAYLOADS],
      ...payload,
    } as never,
    { id: newEventId(), occurredAt: at(minute), conversationId, correlationId: newEventId() },
  );
}

export interface KnowledgeStory {
  readonly events: EventEnvelope[];
  /** Escalation ids: [0] avoidable answered twice, [1] avoidable unanswered, [2] genuine answered. */
  readonly escalationIds: string[];
  /** Draft ids: [0] published (its events logged before its creation), [1] discarded, [2] waiting. */
  readonly draftIds: string[];
}

/**
 * Escalations with admin replies (one reply text as given), drafts through each status with some
 * events logged out of order, and glossaries: the default namespace's twice (the later wins), a
 * named namespace's, and one that does not parse (left out).
 */
export function knowledgeStory(
  offset: number,
  say: (text: string) => string = (text) => text,
): KnowledgeStory {
  const escalationIds = [newEventId(), newEventId(), newEventId()];
  const draftIds = [newEventId(), newEventId(), newEventId()];
  const gapId = escalationIds[0]!;
  const m = (minute: number) => offset + minute;
  // The group as the agent's policy classes the reason (`escalationGroupOf` of @support/policy).
  const raise = (i: number, reason: string, group: string, question: string) =>
    make(
      EscalationRaised,
      m(i),
      { escalationId: escalationIds[i], reason, group, question: sealForTests(say(question)) },
      `conv-k-${offset}-${i}`,
    );
  const reply = (i: number, minute: number, text: string) =>
    make(AdminReplied, m(minute), {
      escalationId: escalationIds[i],
      text: sealForTests(say(text)),
      externalId: `Ev-${offset}-${minute}`,
    });
  const draft = (definition: EventDefinition, minute: number, i: number, extra = {}) =>
    make(definition, m(minute), { draftId: draftIds[i], gapId, ...extra });
  const glossary = (minute: number, body: string, namespace?: string) =>
    make(DocumentUpserted, m(minute), {
      docId: 'glossary',
      topic: 'glossary',
      title: 'Glossary',
      body,
      contentSha256: 'e'.repeat(64),
      namespace,
    });
  return {
    escalationIds,
    draftIds,
    events: [
      raise(0, 'below_score_floor', 'avoidable', 'Can you engrave my ring?'),
      make(EscalationClassified, m(1), { escalationId: escalationIds[0], topic: 'product' }),
      reply(0, 5, 'Yes: **5 BHD** <b>per ring</b>.'),
      reply(0, 3, 'We engrave rings in two days.'),
      raise(1, 'answer_validation_failed', 'avoidable', 'هل يمكن نقش الخاتم؟'),
      raise(2, 'agent_requested', 'genuine', 'I want a person'),
      reply(2, 7, 'Hello, here I am.'),
      // The publish is logged before the draft it publishes.
      draft(DraftPublished, 12, 0, { docId: 'ring-engraving', title: say('Ring engraving') }),
      draft(DraftCreated, 10, 0, { title: sealForTests(say('Can you engrave my ring?')) }),
      draft(DraftCreated, 13, 1),
      draft(DraftDiscarded, 14, 1),
      draft(DraftCreated, 15, 2, { origin: 'slack' }),
      glossary(20, 'pairs:\n  - en: engraving\n    ar: نقش\n'),
      glossary(18, 'pairs:\n  - en: old\n    ar: قديم\n'),
      glossary(21, 'pairs:\n  - en: gift wrap\n    ar: تغليف الهدايا\n', 'shop_a'),
      glossary(22, 'pairs: []', 'shop_a'),
      // An ordinary document: not a glossary, not this projection's.
      make(DocumentUpserted, m(23), {}),
    ],
  };
}
