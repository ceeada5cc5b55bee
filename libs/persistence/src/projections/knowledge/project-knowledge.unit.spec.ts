import { sealForTests } from '@support/privacy/testing';
import { describe, expect, it } from '@jest/globals';
import {
  createEvent,
  DocumentUpserted,
  DraftCreated,
  DraftDiscarded,
  DraftPublished,
  type EventDefinition,
  type EventEnvelope,
  EXAMPLE_PAYLOADS,
} from '@support/contracts';
import type { KnowledgeDraftState, KnowledgeGlossaryState } from './knowledge-model.js';
import { projectDraft, projectGlossary } from './project-knowledge.js';

let sequence = 0;
function event(definition: EventDefinition, minute: number, payload = {}): EventEnvelope {
  sequence += 1;
  return createEvent(
    definition,
    { ...EXAMPLE_PAYLOADS[definition.type as keyof typeof EXAMPLE_PAYLOADS], ...payload } as never,
    {
      id: `00000000-0000-4000-8000-${String(sequence).padStart(12, '0')}`,
      occurredAt: new Date(Date.UTC(2026, 11, 2, 9, minute)).toISOString(),
      correlationId: '00000000-0000-4000-8000-000000000000',
    },
  );
}

function permutations<T>(items: readonly T[]): T[][] {
  if (items.length <= 1) return [[...items]];
  return items.flatMap((item, i) =>
    permutations([...items.slice(0, i), ...items.slice(i + 1)]).map((rest) => [item, ...rest]),
  );
}

const foldDraft = (events: readonly EventEnvelope[]) =>
  events.reduce<KnowledgeDraftState | null>((row, e) => projectDraft(e, row) ?? row, null);

describe('the knowledge projection as a pure fold', () => {
  it('ends in the same draft whatever order its events come in, a publish beating a discard', () => {
    const events = [
      event(DraftCreated, 0),
      event(DraftCreated, 1, { title: sealForTests('A later duplicate') }),
      event(DraftPublished, 5),
      event(DraftDiscarded, 6),
      event(DraftPublished, 7, { title: 'A later publish' }),
    ];
    const rows = permutations(events).map(foldDraft);
    for (const row of rows) expect(row).toEqual(rows[0]);
    expect(rows[0]).toMatchObject({
      status: 'published',
      // The article as first published; the draft's other fields from the first creation.
      title: EXAMPLE_PAYLOADS['kb.draft_published'].title,
      body: EXAMPLE_PAYLOADS['kb.draft_published'].body,
      createdAt: '2026-12-02T09:00:00.000Z',
      publishedAt: '2026-12-02T09:05:00.000Z',
      discardedAt: '2026-12-02T09:06:00.000Z',
      docId: 'gift-returns-without-receipt',
    });
    expect(foldDraft([events[0]!])).toMatchObject({
      status: 'draft',
      title: EXAMPLE_PAYLOADS['kb.draft_created'].title,
    });
    expect(foldDraft([events[3]!, events[0]!])).toMatchObject({ status: 'discarded' });
  });

  it('keeps the latest glossary of a namespace that parses, and ignores other documents', () => {
    const glossary = (minute: number, body: string) =>
      event(DocumentUpserted, minute, {
        docId: 'glossary',
        topic: 'glossary',
        body,
        namespace: undefined,
      });
    const good = glossary(1, 'pairs:\n  - en: engraving\n    ar: نقش\n');
    const older = glossary(0, 'pairs:\n  - en: old\n    ar: قديم\n');
    const broken = glossary(2, 'pairs: []');
    for (const order of permutations([good, older, broken])) {
      const row = order.reduce<KnowledgeGlossaryState | null>(
        (held, e) => projectGlossary(e, held),
        null,
      );
      expect(row).toMatchObject({ namespace: '', body: (good.payload as { body: string }).body });
    }
    expect(projectGlossary(event(DocumentUpserted, 3), null)).toBeNull();
  });
});
