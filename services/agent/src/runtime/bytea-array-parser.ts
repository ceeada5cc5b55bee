import pg from 'pg';

/** PostgreSQL's type oid of `bytea[]`. */
export const BYTEA_ARRAY_OID = 1001;

/** pg's parser lookup, by any oid (its typing lists only the scalar built-ins). */
export const pgTypeParser = pg.types.getTypeParser as (
  oid: number,
  format?: 'text' | 'binary',
) => (value: string) => unknown;

/** Thrown inside the fast path when the text is not the plain shape it reads; never escapes. */
class NotPlainHex extends Error {}

/**
 * Parses the text form of a `bytea[]` of any dimension into Buffers (and nulls), as pg's own
 * parser does. The checkpointer reads every channel of a checkpoint as such an array
 * (`array_agg(array[channel, type, blob])`); pg's generic array parser walks it one character at
 * a time and copies the rest of the text for each inner array, which made parsing checkpoints the
 * largest item of the agent's CPU profile. With `bytea_output = hex` (the default) each element is
 * `"\\x<hex>"` or NULL: this reads them by `indexOf`; any other shape (the `escape` output, a
 * dimension decoration) goes to pg's parser.
 */
export function parseByteaArray(text: string): unknown[] {
  try {
    const [value, end] = readArray(text, 0);
    if (end !== text.length) throw new NotPlainHex();
    return value;
  } catch (error) {
    if (!(error instanceof NotPlainHex)) throw error;
    return pgTypeParser(BYTEA_ARRAY_OID, 'text')(text) as unknown[];
  }
}

const QUOTED_HEX_PREFIX = '"\\\\x';

function readArray(text: string, start: number): [unknown[], number] {
  if (text[start] !== '{') throw new NotPlainHex();
  const values: unknown[] = [];
  let i = start + 1;
  if (text[i] === '}') return [values, i + 1];
  for (;;) {
    if (text[i] === '{') {
      const [inner, next] = readArray(text, i);
      values.push(inner);
      i = next;
    } else if (text.startsWith(QUOTED_HEX_PREFIX, i)) {
      const from = i + QUOTED_HEX_PREFIX.length;
      const to = text.indexOf('"', from);
      if (to < 0 || (to - from) % 2 !== 0) throw new NotPlainHex();
      values.push(Buffer.from(text.slice(from, to), 'hex'));
      i = to + 1;
    } else if (text.startsWith('NULL', i)) {
      values.push(null);
      i += 4;
    } else throw new NotPlainHex();
    const separator = text[i++];
    if (separator === '}') return [values, i];
    if (separator !== ',') throw new NotPlainHex();
  }
}

/** pg's type parsers, with the fast `bytea[]` one. */
export const checkpointTypeParsers = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === BYTEA_ARRAY_OID && format !== 'binary'
      ? parseByteaArray
      : pgTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};
