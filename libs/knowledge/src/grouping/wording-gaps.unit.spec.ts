import { describe, expect, it } from '@jest/globals';
import { groupWordingGaps } from './wording-gaps.js';

const accepted = (docId: string, section: string, question: string, chosenAt: string) => ({
  docId,
  section,
  question,
  chosenAt,
});

describe('wording gaps from accepted clarifications', () => {
  it('groups by section, the most chosen first, with the words customers used, newest first', () => {
    const gaps = groupWordingGaps([
      accepted('size-exchanges', 'Exchange fees', 'swap L to M free?', '2026-12-05T10:00:00Z'),
      accepted('returns', 'Return window', 'how long to send back?', '2026-12-05T09:00:00Z'),
      accepted('size-exchanges', 'Exchange fees', 'ابي ابدل المقاس بكم', '2026-12-05T11:00:00Z'),
      accepted('size-exchanges', 'Exchange fees', 'swap L to M free?', '2026-12-05T08:00:00Z'),
    ]);
    expect(gaps).toEqual([
      {
        docId: 'size-exchanges',
        section: 'Exchange fees',
        accepted: 3,
        questions: ['ابي ابدل المقاس بكم', 'swap L to M free?'],
        lastChosenAt: '2026-12-05T11:00:00Z',
      },
      {
        docId: 'returns',
        section: 'Return window',
        accepted: 1,
        questions: ['how long to send back?'],
        lastChosenAt: '2026-12-05T09:00:00Z',
      },
    ]);
    expect(groupWordingGaps([])).toEqual([]);
  });
});
