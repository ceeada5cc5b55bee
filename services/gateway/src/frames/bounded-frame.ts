import { AppError } from '@support/platform/pure';

/** What a socket's JSON text frames may be, checked before any frame is parsed. */
export interface FrameBounds {
  /** Objects and arrays inside one another, the frame itself counting 1. */
  readonly maxDepth: number;
  /** Keys in the whole frame, at every depth. */
  readonly maxKeys: number;
  /** The frame types, each with the longest JSON text (UTF-16 code units) it may take. */
  readonly maxCharsByType: Readonly<Record<string, number>>;
}

/** A frame that is within its bounds, parsed: a plain object with a known `type`. */
export interface BoundedFrame {
  readonly type: string;
  readonly plain: Record<string, unknown>;
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COLON = 0x3a;
const COMMA = 0x2c;
const OPEN_OBJECT = 0x7b;
const OPEN_ARRAY = 0x5b;
const CLOSE_OBJECT = 0x7d;
const CLOSE_ARRAY = 0x5d;
const isSpace = (c: number) => c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d;

interface Outline {
  /** The top-level `type` when it is a plain string literal; undefined otherwise. */
  readonly type: string | undefined;
  readonly typeKeys: number;
}

/**
 * One pass over the text, allocating nothing but the type's value: nesting depth and key count
 * against the bounds (the first one over stops the scan, so a frame nested 400,000 deep costs a
 * few characters), and the top-level `type` read where it stands. `JSON.parse` and validation then
 * only ever see frames of a few keys and a known size, so no frame costs more than reading it.
 * The text need not be valid JSON: `JSON.parse` decides that afterwards.
 */
function outline(raw: string, bounds: FrameBounds): Outline {
  let depth = 0;
  let keys = 0;
  let typeKeys = 0;
  let type: string | undefined;
  let stringStart = -1;
  // The last string that closed at depth 1 (a key, if a colon follows) and whether a `type` key
  // waits for its value.
  let lastTopString: [number, number] | null = null;
  let awaitingType = false;
  let opened = false;
  for (let i = 0; i < raw.length; i++) {
    const c = raw.charCodeAt(i);
    if (stringStart >= 0) {
      if (c === BACKSLASH) i++;
      else if (c === QUOTE) {
        if (depth === 1) {
          if (awaitingType) type = raw.slice(stringStart, i);
          lastTopString = [stringStart, i];
        }
        awaitingType = false;
        stringStart = -1;
      }
      continue;
    }
    if (isSpace(c)) continue;
    if (c === QUOTE) {
      stringStart = i + 1;
      continue;
    }
    if (awaitingType) awaitingType = false; // a type that is no string literal
    if (c === OPEN_OBJECT || c === OPEN_ARRAY) {
      if (depth === 0) {
        if (c !== OPEN_OBJECT || opened)
          throw new AppError('bad_frame', 'Frame must be one JSON object');
        opened = true;
      }
      if (++depth > bounds.maxDepth)
        throw new AppError('bad_frame', `Frame is nested deeper than ${bounds.maxDepth}`);
    } else if (c === CLOSE_OBJECT || c === CLOSE_ARRAY) {
      depth--;
    } else if (c === COLON) {
      if (++keys > bounds.maxKeys)
        throw new AppError('bad_frame', `Frame has more than ${bounds.maxKeys} keys`);
      if (depth === 1 && lastTopString && raw.slice(...lastTopString) === 'type') {
        typeKeys++;
        awaitingType = true;
      }
    } else if (c === COMMA) {
      lastTopString = null;
    }
  }
  return { type, typeKeys };
}

/**
 * Reads one WebSocket text frame within `bounds`: its nesting and key count are checked before it
 * is parsed, its size against its type's bound, and the type is looked up among the socket's own
 * types only (never an inherited name such as `toString` or `__proto__`). Anything else is a
 * `bad_frame` naming the problem, or `payload_too_large` for a frame longer than its type allows.
 */
export function readBoundedFrame(raw: string, bounds: FrameBounds): BoundedFrame {
  const { type, typeKeys } = outline(raw, bounds);
  const types = Object.keys(bounds.maxCharsByType);
  if (typeKeys > 1) throw new AppError('bad_frame', 'Frame gives its type more than once');
  if (type === undefined || !Object.hasOwn(bounds.maxCharsByType, type))
    throw new AppError(
      'bad_frame',
      `Unknown frame type ${JSON.stringify(type ?? null)}; expected a JSON object whose type is one of ${types.join(', ')}`,
    );
  const maxChars = bounds.maxCharsByType[type]!;
  if (raw.length > maxChars)
    throw new AppError(
      'payload_too_large',
      `A frame of type ${type} is at most ${maxChars} characters; this one is ${raw.length}`,
    );
  const plain = parseJson(raw);
  // An escaped key ("typ\u0065") is a `type` the outline did not read: refused, not guessed.
  if (typeof plain !== 'object' || plain === null || (plain as { type?: unknown }).type !== type)
    throw new AppError('bad_frame', 'Frame type must be written plainly, once');
  return { type, plain: plain as Record<string, unknown> };
}

function parseJson(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    throw new AppError('bad_frame', 'Frame is not valid JSON');
  }
}

/**
 * The frame parsed whatever its type and size, or undefined: only when its nesting and key count
 * are within `bounds`, so that a refused frame can still be read for the id its error frame names.
 */
export function parseWithinShape(raw: string, bounds: FrameBounds): unknown {
  try {
    outline(raw, bounds);
    return parseJson(raw);
  } catch {
    return undefined;
  }
}
