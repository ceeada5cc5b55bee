import { describe, expect, it } from '@jest/globals';
import type { GapQuestion, KnowledgeGap } from '@support/knowledge';
import { sealForTests } from '@support/privacy/testing';
import { formatGaps, oneLine } from './gaps-report.js';

const question = (n: number, text: string, replies: string[]): GapQuestion => ({
  escalationId: `00000000-0000-4000-8000-00000000000${n}`,
  conversationId: `conv-${n}`,
  reason: 'below_score_floor',
  language: /[\u0600-\u06FF]/.test(text) ? 'ar' : 'en',
  topic: 'product',
  question: text,
  sealedQuestion: sealForTests(text),
  openedAt: `2026-12-0${n}T09:00:00.000Z`,
  replies: replies.map((reply) => ({
    escalationId: `00000000-0000-4000-8000-00000000000${n}`,
    adminId: 'U0ADMIN',
    text: reply,
    at: `2026-12-0${n}T09:05:00.000Z`,
  })),
});

const gap = (overrides: Partial<KnowledgeGap>, questions: GapQuestion[]): KnowledgeGap => ({
  gapId: questions[0]!.escalationId,
  topic: 'product',
  questions,
  asked: questions.length,
  firstAskedAt: questions[0]!.openedAt,
  lastAskedAt: questions.at(-1)!.openedAt,
  status: 'open',
  draftId: null,
  docId: null,
  closedAt: null,
  ...overrides,
});

describe('cli gaps output', () => {
  it('prints a count line, then each gap with its questions and each distinct reply', () => {
    const text = formatGaps(
      [
        gap({ status: 'drafted', draftId: 'd-1' }, [
          question(1, 'Can you engrave my ring?', ['Yes, 5 BHD.']),
          question(2, 'هل يمكن نقش الخاتم؟', ['Yes, 5 BHD.', 'Two days.']),
        ]),
        gap(
          {
            topic: 'returns',
            status: 'closed',
            docId: 'wholesale-returns-1a2b3c4d',
            closedAt: '2026-12-04T10:00:00.000Z',
          },
          [question(3, 'Can I return a wholesale order?', ['Per your contract.'])],
        ),
      ],
      7,
    );
    expect(text).toBe(
      [
        '2 knowledge gaps (0 open, 1 drafted, 1 closed) from 3 answered avoidable escalations in the last 7 days',
        '',
        '[drafted] product · asked 2 times · first 2026-12-01 09:00 · last 2026-12-02 09:00 UTC',
        '  gap 00000000-0000-4000-8000-000000000001 · draft d-1 waiting for review',
        '  questions:',
        '    - Can you engrave my ring? (en)',
        '    - هل يمكن نقش الخاتم؟ (ar)',
        '  replies:',
        '    - U0ADMIN: Yes, 5 BHD.',
        '    - U0ADMIN: Two days.',
        '',
        '[closed] returns · asked once · first 2026-12-03 09:00 · last 2026-12-03 09:00 UTC',
        '  gap 00000000-0000-4000-8000-000000000003 · article wholesale-returns-1a2b3c4d (published 2026-12-04 10:00 UTC)',
        '  questions:',
        '    - Can I return a wholesale order? (en)',
        '  replies:',
        '    - U0ADMIN: Per your contract.',
        '',
      ].join('\n'),
    );
  });

  it('says so when there are no gaps', () => {
    expect(formatGaps([])).toBe(
      '0 knowledge gaps (0 open, 0 drafted, 0 closed) from 0 answered avoidable escalations\n',
    );
  });

  it("keeps customers' and admins' text on one line, without terminal escapes", () => {
    expect(oneLine('line one\nline two\u001b[31m red\u0007')).toBe('line one line two [31m red');
    expect(oneLine('x'.repeat(200))).toHaveLength(160);
    expect(oneLine('x'.repeat(200)).endsWith('…')).toBe(true);
    const text = formatGaps([gap({}, [question(1, 'Hi\u001b]0;pwned\u0007 there', ['ok\r\nok'])])]);
    expect(text.split('\n').filter((line) => /\p{Cc}/u.test(line))).toEqual([]);
  });
});
