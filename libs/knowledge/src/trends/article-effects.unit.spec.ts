import { describe, expect, it } from '@jest/globals';
import { type ArticleDraft, articleCountDays, articleEffects } from './article-effects.js';

const article = (
  n: string,
  topic: string,
  publishedAt: string | null,
  status: ArticleDraft['status'] = 'published',
): ArticleDraft => ({
  draftId: `00000000-0000-4000-8000-00000000000${n}`,
  gapId: `11111111-0000-4000-8000-00000000000${n}`,
  docId: status === 'published' ? `article-${n}` : null,
  title: `Article ${n}`,
  topic,
  status,
  publishedAt,
});

describe('avoidable-escalation rate before and after each published article', () => {
  // Given a period from 1 to 20 November 2026, articles published on the 10th (returns), the 17th
  // (payments) and the 20th (delivery, the period's last day), one published before the period, a
  // draft and a discarded draft
  const period = { fromDay: '2026-11-01', toDay: '2026-11-21' };
  const drafts = [
    article('1', 'returns', '2026-11-10T15:00:00.000Z'),
    article('2', 'payments', '2026-11-17T09:00:00.000Z'),
    article('3', 'delivery', '2026-11-20T08:00:00.000Z'),
    article('4', 'returns', '2026-10-30T12:00:00.000Z'),
    article('5', 'returns', null, 'draft'),
    article('6', 'returns', null, 'discarded'),
  ];
  // and customer turns and avoidable escalations on some days (none on the others)
  const counts = {
    turns: [
      { day: '2026-11-02', turns: 50 },
      { day: '2026-11-03', turns: 40 },
      { day: '2026-11-05', turns: 60 },
      { day: '2026-11-10', turns: 30 },
      { day: '2026-11-12', turns: 80 },
      { day: '2026-11-14', turns: 120 },
      { day: '2026-11-18', turns: 25 },
      { day: '2026-11-21', turns: 100 },
    ],
    avoidable: [
      { day: '2026-11-02', topic: 'returns', escalations: 5 },
      { day: '2026-11-04', topic: 'returns', escalations: 6 },
      { day: '2026-11-05', topic: 'payments', escalations: 2 },
      { day: '2026-11-10', topic: 'returns', escalations: 3 },
      { day: '2026-11-13', topic: 'returns', escalations: 2 },
      { day: '2026-11-13', topic: 'payments', escalations: 4 },
      { day: '2026-11-13', topic: 'pending', escalations: 1 },
      { day: '2026-11-19', topic: 'payments', escalations: 1 },
      { day: '2026-11-21', topic: 'payments', escalations: 9 },
    ],
  };

  it('reads the days from the first article window to the period end', () => {
    // When the days to read are asked for, then they run from 7 days before the oldest article
    // (3 November) to the period's end (the newest article's 7 days after run past it)
    expect(articleCountDays(drafts, period)).toEqual({
      fromDay: '2026-11-03',
      toDay: '2026-11-21',
    });
    expect(articleCountDays(drafts, { fromDay: '2026-11-21', toDay: '2026-11-30' })).toBeNull();
  });

  it('compares the 7 days before the day of publishing with the 7 days after it (or since)', () => {
    // When the effects are computed
    const effects = articleEffects(drafts, counts, period);

    // Then the articles published in the period are listed, newest first
    expect(effects.map((e) => e.docId)).toEqual(['article-3', 'article-2', 'article-1']);
    const [delivery, payments, returns] = effects;

    // Returns, 10 Nov: before 3-9 Nov has 40 + 60 turns and 6 + 2 avoidable (6 returns);
    // after 11-17 Nov has 80 + 120 turns and 2 + 4 + 1 avoidable (2 returns).
    expect(returns).toMatchObject({
      title: 'Article 1',
      topic: 'returns',
      gapId: '11111111-0000-4000-8000-000000000001',
      publishedAt: '2026-11-10T15:00:00.000Z',
      before: {
        fromDay: '2026-11-03',
        toDay: '2026-11-10',
        days: 7,
        turns: 100,
        avoidable: 8,
        topicAvoidable: 6,
        rate: 8,
        topicRate: 6,
      },
      after: {
        fromDay: '2026-11-11',
        toDay: '2026-11-18',
        days: 7,
        turns: 200,
        avoidable: 7,
        topicAvoidable: 2,
        rate: 3.5,
        topicRate: 1,
      },
      change: { rate: -4.5, topicRate: -5 },
    });

    // Payments, 17 Nov: before 10-16 Nov has 30 + 80 + 120 = 230 turns, 3 + 7 = 10 avoidable
    // (4 payments): 4.35 and 1.74 per 100; after, only the 3 days to the period's end (18-20 Nov):
    // 25 turns, 1 avoidable payments question: 4 per 100.
    expect(payments).toMatchObject({
      before: {
        days: 7,
        turns: 230,
        avoidable: 10,
        topicAvoidable: 4,
        rate: 4.35,
        topicRate: 1.74,
      },
      after: {
        fromDay: '2026-11-18',
        toDay: '2026-11-21',
        days: 3,
        turns: 25,
        avoidable: 1,
        topicAvoidable: 1,
        rate: 4,
        topicRate: 4,
      },
      change: { rate: -0.35, topicRate: 2.26 },
    });

    // Delivery, the period's last day: before 13-19 Nov has 120 + 25 turns and 7 + 1 avoidable
    // (none about delivery): 5.52 and 0 per 100; no day after it yet, so no rate and no change.
    expect(delivery).toMatchObject({
      before: { days: 7, turns: 145, avoidable: 8, topicAvoidable: 0, rate: 5.52, topicRate: 0 },
      after: { days: 0, turns: 0, avoidable: 0, rate: null, topicRate: null },
      change: { rate: null, topicRate: null },
    });
  });

  it('gives no rate for a side without customer turns, whatever its escalations', () => {
    // Given an article published on 2 November, whose 7 days before had escalations but no turns
    const early = [article('7', 'returns', '2026-11-02T10:00:00.000Z')];
    const noTurnsBefore = {
      turns: [{ day: '2026-11-03', turns: 40 }],
      avoidable: [
        { day: '2026-10-30', topic: 'returns', escalations: 3 },
        { day: '2026-11-04', topic: 'returns', escalations: 2 },
      ],
    };

    // When its effect is computed
    const [effect] = articleEffects(early, noTurnsBefore, period);

    // Then the before side has its counts but no rate, and there is no change
    expect(effect!.before).toMatchObject({ days: 7, turns: 0, avoidable: 3, rate: null });
    expect(effect!.after).toMatchObject({
      days: 7,
      turns: 40,
      avoidable: 2,
      rate: 5,
      topicRate: 5,
    });
    expect(effect!.change).toEqual({ rate: null, topicRate: null });
  });
});
