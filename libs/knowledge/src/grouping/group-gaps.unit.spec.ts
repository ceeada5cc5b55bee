import { describe, expect, it } from '@jest/globals';
import type { TermPair } from '@support/text';
import { draft, question, uuid } from '../testing/gap-fixtures.js';
import { GAP_SIMILARITY, groupGaps } from './group-gaps.js';
import { questionTerms, termSimilarity } from './question-terms.js';

const GLOSSARY: TermPair[] = [
  { en: ['engraving', 'engrave'], ar: ['نقش', 'حفر'] },
  { en: ['gift wrapping', 'gift wrap'], ar: ['تغليف الهدايا'] },
];

const ids = (gaps: ReturnType<typeof groupGaps>) =>
  gaps.map((gap) => gap.questions.map((q) => q.escalationId));

describe('groupGaps', () => {
  it('joins an English and an Arabic question through a glossary pair, and not without it', () => {
    const questions = [question(1, 'Can you engrave my ring?'), question(2, 'هل يمكن نقش الخاتم؟')];
    const joined = groupGaps(questions, [], GLOSSARY);
    expect(ids(joined)).toEqual([[uuid(1), uuid(2)]]);
    expect(joined[0]).toMatchObject({ gapId: uuid(1), asked: 2, status: 'open' });
    expect(groupGaps(questions, [], [])).toHaveLength(2);
  });

  it('joins questions in both languages that name the same shop concepts', () => {
    const gaps = groupGaps(
      [
        question(1, 'How long does delivery to Bahrain take?', { topic: 'delivery' }),
        question(2, 'توصيل للبحرين كم يوم', { topic: 'delivery' }),
        question(3, 'How many days for delivery to Bahrain?', { topic: 'delivery' }),
      ],
      [],
      [],
    );
    expect(ids(gaps)).toEqual([[uuid(1), uuid(2), uuid(3)]]);
  });

  it('never merges different topics, even for the same question', () => {
    const gaps = groupGaps(
      [
        question(1, 'Do you offer gift wrapping?', { topic: 'product' }),
        question(2, 'Do you offer gift wrapping?', { topic: 'orders' }),
        question(3, 'Do you offer gift wrapping?', { topic: null }),
      ],
      [],
      GLOSSARY,
    );
    expect(gaps.map((gap) => gap.topic).sort()).toEqual(['orders', 'product', 'unclassified']);
    expect(gaps.every((gap) => gap.asked === 1)).toBe(true);
  });

  it('joins near questions and keeps far ones apart, at the similarity threshold', () => {
    const near = { terms: questionTerms('Can you engrave my ring?', GLOSSARY), text: '' };
    const alsoNear = { terms: questionTerms('هل يمكن نقش الخاتم؟', GLOSSARY), text: '' };
    const far = { terms: questionTerms('Do you offer engraving on rings?', GLOSSARY), text: '' };
    const other = { terms: questionTerms('Do you offer gift wrapping?', GLOSSARY), text: '' };
    expect(termSimilarity(near, alsoNear)).toBe(GAP_SIMILARITY); // at the threshold: joins
    expect(termSimilarity(near, far)).toBeGreaterThan(GAP_SIMILARITY);
    expect(termSimilarity(far, other)).toBeLessThan(GAP_SIMILARITY); // "offer" alone: apart

    const gaps = groupGaps(
      [
        question(1, 'Do you offer engraving on rings?'),
        question(2, 'Do you offer gift wrapping?'),
        question(3, 'Can you engrave my ring?'),
        question(4, 'Can I return a wholesale order?', { topic: 'product' }),
      ],
      [],
      GLOSSARY,
    );
    expect(ids(gaps).sort()).toEqual([[uuid(1), uuid(3)], [uuid(2)], [uuid(4)]].sort());
  });

  it('is deterministic: the same gaps and ids whatever order the questions come in', () => {
    const questions = [
      question(1, 'Can you engrave my ring?'),
      question(2, 'Do you offer gift wrapping?'),
      question(3, 'هل يمكن نقش الخاتم؟'),
      question(4, 'هل يوجد تغليف الهدايا؟'),
      question(5, 'Do you offer engraving on rings?'),
    ];
    const forward = groupGaps(questions, [], GLOSSARY);
    const backward = groupGaps([...questions].reverse(), [], GLOSSARY);
    expect(backward).toEqual(forward);
    // Newest-asked first; each gap named by its earliest question.
    expect(forward.map((gap) => [gap.gapId, gap.lastAskedAt])).toEqual([
      [uuid(1), forward[0]!.questions.at(-1)!.openedAt],
      [uuid(2), forward[1]!.questions.at(-1)!.openedAt],
    ]);
    expect(ids(forward)).toEqual([
      [uuid(1), uuid(3), uuid(5)],
      [uuid(2), uuid(4)],
    ]);
    // A later question joins without moving the earlier ones or renaming the gap.
    const later = groupGaps([...questions, question(6, 'Can you engrave a ring?')], [], GLOSSARY);
    expect(later[0]).toMatchObject({ gapId: uuid(1), asked: 4 });
    expect(later[1]).toEqual(forward[1]);
  });

  it('leaves out genuine escalations and unanswered ones', () => {
    const gaps = groupGaps(
      [
        question(1, 'Can you engrave my ring?', { reason: 'agent_requested' }),
        question(2, 'Can you engrave my ring?', { replies: [] }),
        question(3, 'Can you engrave my ring?', { reason: 'answer_validation_failed' }),
      ],
      [],
      GLOSSARY,
    );
    expect(ids(gaps)).toEqual([[uuid(3)]]);
  });

  it('takes the status from the drafts: published closes, a waiting draft drafts, else open', () => {
    const questions = [
      question(1, 'Can you engrave my ring?'),
      question(2, 'Do you offer gift wrapping?'),
      question(3, 'Can I return a wholesale order?'),
    ];
    const drafts = [
      draft(1, uuid(1), 'discarded'),
      draft(2, uuid(1), 'published'),
      draft(3, uuid(2), 'discarded'),
      draft(4, uuid(2), 'draft'),
      draft(5, uuid(3), 'discarded'),
    ];
    const byId = new Map(groupGaps(questions, drafts, GLOSSARY).map((g) => [g.gapId, g]));
    expect(byId.get(uuid(1))).toMatchObject({
      status: 'closed',
      draftId: uuid(9002),
      docId: 'draft-2',
      closedAt: drafts[1]!.publishedAt,
    });
    expect(byId.get(uuid(2))).toMatchObject({
      status: 'drafted',
      draftId: uuid(9004),
      docId: null,
      closedAt: null,
    });
    expect(byId.get(uuid(3))).toMatchObject({ status: 'open', draftId: null });
  });
});
