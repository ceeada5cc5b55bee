import type { MessageId, PageText } from './i18n.js';

/**
 * The words a person reads for the system's codes (reasons, groups, topics, statuses), each a
 * message of the catalogs; a code the page does not know yet is shown as it is.
 */
export function codeLabel(
  text: PageText,
  kind: 'reason' | 'group' | 'topic' | 'status',
  code: string | null | undefined,
): string {
  const id = `${kind}.${code ?? 'pending'}` as MessageId;
  return text.has(id) ? text.t(id) : String(code);
}

/** A language's own name in the page's language ("Arabic", "العربية"), by `Intl.DisplayNames`. */
export function languageLabel(text: PageText, code: string): string {
  if (code === 'mixed') return text.t('language.mixed');
  return new Intl.DisplayNames([text.locale], { type: 'language' }).of(code) ?? code;
}

/**
 * How long, in the page's language and digits: "45 sec", "3 min 5 sec", "2 hr 7 min", "3 days 4 hr".
 * Two units at most, each formatted by `Intl.NumberFormat` with its unit.
 */
export function durationLabel(text: PageText, ms: number): string {
  const seconds = Math.max(0, Math.floor(ms / 1000));
  const parts: [number, 'day' | 'hour' | 'minute' | 'second'][] =
    seconds < 60
      ? [[seconds, 'second']]
      : seconds < 3600
        ? [
            [Math.floor(seconds / 60), 'minute'],
            [seconds % 60, 'second'],
          ]
        : seconds < 86400
          ? [
              [Math.floor(seconds / 3600), 'hour'],
              [Math.floor((seconds % 3600) / 60), 'minute'],
            ]
          : [
              [Math.floor(seconds / 86400), 'day'],
              [Math.floor((seconds % 86400) / 3600), 'hour'],
            ];
  return parts
    .filter(([value], i) => i === 0 || value > 0)
    .map(([value, unit]) => text.number(value, { style: 'unit', unit, unitDisplay: 'short' }))
    .join(' ');
}
