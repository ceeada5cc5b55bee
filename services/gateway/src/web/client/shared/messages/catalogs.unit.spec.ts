import { describe, expect, it } from '@jest/globals';
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import ar from './ar.json' with { type: 'json' };
import en from './en.json' with { type: 'json' };

// The pages' two catalogs say the same things: the same keys, each a valid ICU message with the
// same arguments of the same kinds, and no message of one language written in the other's script.

type Catalog = Record<string, string>;

/** Every argument of a message, with its kind (`string`, `number`, `plural`, `select`, `date`). */
function argumentsOf(elements: readonly MessageFormatElement[], found = new Map<string, string>()) {
  for (const element of elements) {
    if (element.type === TYPE.literal || element.type === TYPE.pound || element.type === TYPE.tag)
      continue;
    const kind = TYPE[element.type]!;
    // The outermost use names the kind: `{count, plural, ... {count, number} ...}` is a plural.
    if (!found.has(element.value)) found.set(element.value, kind === 'argument' ? 'string' : kind);
    if (element.type === TYPE.plural || element.type === TYPE.select)
      for (const option of Object.values(element.options)) argumentsOf(option.value, found);
  }
  return found;
}

const sorted = (map: Map<string, string>) => [...map].sort(([a], [b]) => a.localeCompare(b));

describe('the pages’ message catalogs', () => {
  const catalogs: Record<'en' | 'ar', Catalog> = { en, ar };

  it('hold the same keys in English and Arabic', () => {
    expect(Object.keys(ar).sort()).toEqual(Object.keys(en).sort());
  });

  it.each(Object.keys(en))('%s: valid ICU, the same arguments in both languages', (key) => {
    const english = argumentsOf(parse((catalogs.en as Catalog)[key]!));
    const arabic = argumentsOf(parse((catalogs.ar as Catalog)[key]!));
    expect(sorted(arabic)).toEqual(sorted(english));
  });

  /** The words a message writes (its literal text, in every branch), without its syntax. */
  function wordsOf(elements: readonly MessageFormatElement[]): string {
    return elements
      .map((element) =>
        element.type === TYPE.literal
          ? element.value
          : element.type === TYPE.plural || element.type === TYPE.select
            ? Object.values(element.options)
                .map((option) => wordsOf(option.value))
                .join(' ')
            : '',
      )
      .join(' ');
  }

  it('write each language in its own script (the switch names the other language in its own)', () => {
    const crossed = (catalog: Catalog, foreign: RegExp) =>
      Object.entries(catalog)
        .filter(([key]) => !key.startsWith('language.'))
        .filter(([, message]) => foreign.test(wordsOf(parse(message))))
        .map(([key]) => key);
    expect(crossed(en, /[\u0600-\u06FF]/)).toEqual([]);
    // An Arabic message may name a format or a measure (JPEG, CSV, Markdown, UTC, p50), no word.
    expect(crossed(ar, /\b(?!(?:JPEG|PNG|WebP|CSV|Markdown|UTC|p50|p95)\b)[A-Za-z]{3,}/)).toEqual(
      [],
    );
  });
});
