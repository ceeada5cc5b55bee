/**
 * What PostgreSQL refuses in a string from an event: U+0000 (`text` and `jsonb` alike) and UTF-16
 * surrogates without their pair (`jsonb` rejects their `\uD800` escapes; in `text` the driver would
 * turn them into U+FFFD anyway). Contracts accept both, so every writer of event data passes its
 * strings through here first.
 */
const NUL = '\u0000';
const UNPAIRED_SURROGATE =
  /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
/** Cheap pre-check: most strings have no surrogate at all. */
const ANY_SURROGATE = /[\ud800-\udfff]/;

export const REPLACEMENT_CHARACTER = '\ufffd';

/**
 * The string with each U+0000 and each unpaired surrogate replaced by U+FFFD. Pure and idempotent,
 * so live processing and a replay of the same event store the same bytes.
 */
export function storableText(text: string): string {
  const withoutNul = text.includes(NUL) ? text.replaceAll(NUL, REPLACEMENT_CHARACTER) : text;
  return ANY_SURROGATE.test(withoutNul)
    ? withoutNul.replace(UNPAIRED_SURROGATE, REPLACEMENT_CHARACTER)
    : withoutNul;
}

/**
 * A JSON-like value (an event, a payload, a row) with `storableText` applied to every string in it,
 * object keys included. Returns the same object when nothing needed replacing.
 */
export function storableValue<T>(value: T): T {
  if (typeof value === 'string') return storableText(value) as T;
  if (Array.isArray(value)) {
    let copy: unknown[] | undefined;
    for (let i = 0; i < value.length; i++) {
      const item = storableValue(value[i] as unknown);
      if (item === value[i]) continue;
      copy ??= [...value];
      copy[i] = item;
    }
    return (copy ?? value) as T;
  }
  if (value === null || typeof value !== 'object' || !isPlainObject(value)) return value;
  // Every event and row passes here, nearly always unchanged: look before building a copy.
  const keys = Object.keys(value);
  const items = keys.map((key) => storableValue((value as Record<string, unknown>)[key]));
  const unchanged = keys.every(
    (key, i) => storableText(key) === key && items[i] === (value as Record<string, unknown>)[key],
  );
  if (unchanged) return value;
  return Object.fromEntries(keys.map((key, i) => [storableText(key), items[i]])) as T;
}

function isPlainObject(value: object): boolean {
  const prototype = Object.getPrototypeOf(value) as unknown;
  return prototype === Object.prototype || prototype === null;
}
