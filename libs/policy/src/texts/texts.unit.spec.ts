import { describe, expect, it } from '@jest/globals';
import { availabilityText, type SupportAvailability } from './availability-text.js';
import { ABSTENTION, HANDOFF_REQUESTED, handoffText } from './handoff-texts.js';
import { HOLDING } from './holding-note.js';
import { waitingText } from './waiting-text.js';

const OPEN: SupportAvailability = { open: true, expectedWaitMinutes: 15 };
const closedUntil = (weekday: number, inDays: number): SupportAvailability => ({
  open: false,
  opensAt: { weekday, time: inDays === 1 ? '09:00' : '10:00', inDays },
  zone: 'Asia/Riyadh',
});

describe('availabilityText', () => {
  it('says the expected wait while open, in English and Arabic', () => {
    expect(availabilityText(OPEN, 'en')).toBe(
      'A colleague usually replies within about 15 minutes.',
    );
    expect(availabilityText(OPEN, 'ar')).toContain('خلال 15 دقيقة');
    expect(availabilityText({ open: true, expectedWaitMinutes: 1 }, 'en')).toBe(
      'A colleague usually replies within about 1 minute.',
    );
    expect(availabilityText({ open: true, expectedWaitMinutes: 2 }, 'ar')).toContain('دقيقتين');
    expect(availabilityText({ open: true, expectedWaitMinutes: 5 }, 'ar')).toContain('5 دقائق');
  });

  it('names the reopening day and time when closed, in English and Arabic', () => {
    const closed = closedUntil(6, 2);
    expect(availabilityText(closed, 'en')).toContain('back on Saturday at 10:00 Asia/Riyadh time');
    expect(availabilityText(closed, 'ar')).toContain('يوم السبت الساعة 10:00 بتوقيت Asia/Riyadh');
    const tomorrow = closedUntil(2, 1);
    expect(availabilityText(tomorrow, 'en')).toContain('back tomorrow (Tuesday) at 09:00');
    expect(availabilityText(tomorrow, 'ar')).toContain('غداً (الثلاثاء) الساعة 09:00');
    expect(availabilityText(closedUntil(0, 0), 'en')).toContain('back today at 10:00');
    expect(availabilityText(closedUntil(0, 0), 'ar')).toContain('ويعود اليوم الساعة 10:00');
  });
});

describe('the texts of a handoff', () => {
  it('tell a customer who asked for a person that one is coming, and anyone else why', () => {
    expect(handoffText('agent_requested')).toBe(HANDOFF_REQUESTED);
    expect(handoffText('retrieval_unavailable')).toBe(ABSTENTION);
    expect(handoffText('below_score_floor')).toBe(ABSTENTION);
    expect(handoffText('answer_validation_failed')).toBe(ABSTENTION);
  });

  it('add the wait to the fixed text, Arabic for a customer who mixes languages', () => {
    expect(waitingText(HOLDING, 'en', OPEN)).toBe(
      `${HOLDING.en} A colleague usually replies within about 15 minutes.`,
    );
    expect(waitingText(ABSTENTION, 'mixed', OPEN)).toBe(
      `${ABSTENTION.ar} ${availabilityText(OPEN, 'ar')}`,
    );
  });
});
