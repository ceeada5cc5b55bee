import type { ReplyLanguage } from '../language/reply-language.js';

/** When a colleague can be expected (computed from the support hours by `services/agent`). */
export type SupportAvailability =
  | { readonly open: true; readonly expectedWaitMinutes: number }
  | {
      readonly open: false;
      /** Local weekday (0 = Sunday) and time of the next opening, and how many days ahead. */
      readonly opensAt: {
        readonly weekday: number;
        readonly time: string;
        readonly inDays: number;
      };
      readonly zone: string;
    };

const EN_DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const AR_DAYS = ['الأحد', 'الاثنين', 'الثلاثاء', 'الأربعاء', 'الخميس', 'الجمعة', 'السبت'];

function arabicMinutes(n: number): string {
  if (n === 1) return 'دقيقة واحدة';
  if (n === 2) return 'دقيقتين';
  if (n >= 3 && n <= 10) return `${n} دقائق`;
  return `${n} دقيقة`;
}

/** The sentence that tells a waiting customer what to expect, in their language. */
export function availabilityText(
  availability: SupportAvailability,
  language: ReplyLanguage,
): string {
  if (availability.open) {
    const n = availability.expectedWaitMinutes;
    return language === 'en'
      ? `A colleague usually replies within about ${n} minute${n === 1 ? '' : 's'}.`
      : `عادةً يرد أحد زملائنا خلال ${arabicMinutes(n)} تقريباً.`;
  }
  const { weekday, time, inDays } = availability.opensAt;
  const zone = availability.zone;
  if (language === 'en') {
    const day = EN_DAYS[weekday]!;
    const when = inDays === 0 ? 'today' : inDays === 1 ? `tomorrow (${day})` : `on ${day}`;
    return (
      `Our team is away right now and back ${when} at ${time} ${zone} time; ` +
      'your messages are kept and a colleague will reply here then.'
    );
  }
  const day = AR_DAYS[weekday]!;
  const when = inDays === 0 ? 'اليوم' : inDays === 1 ? `غداً (${day})` : `يوم ${day}`;
  return (
    `فريقنا غير متاح الآن ويعود ${when} الساعة ${time} بتوقيت ${zone}، ` +
    'ورسائلك محفوظة وسيرد عليك أحد زملائنا هنا حينها.'
  );
}
