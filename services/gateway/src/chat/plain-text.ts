import { AppError } from '@support/platform/pure';
import { firstBidiControl } from '@support/text';

/** Text and captions may hold tabs and line feeds; file names may not. */
export type TextShape = 'multiline' | 'singleLine';

const TAB = 0x09;
const LINE_FEED = 0x0a;

/** C0 controls, DEL and C1 controls. */
const isControl = (unit: number) => unit <= 0x1f || (unit >= 0x7f && unit <= 0x9f);

const isHighSurrogate = (unit: number) => unit >= 0xd800 && unit <= 0xdbff;
const isLowSurrogate = (unit: number) => unit >= 0xdc00 && unit <= 0xdfff;

/**
 * Refuses characters no person types: control characters, bidirectional embeddings, overrides
 * and isolates, and UTF-16 surrogates without their pair. NUL cannot be stored in a Postgres text column; a lone surrogate is not Unicode at all (it
 * turns into U+FFFD or fails a jsonb cast on the way to Postgres); the others hide in what an admin
 * reads, or make it read other words than the customer sent. Refused, never stripped: the ack tells the customer their words are recorded as sent, so
 * the gateway does not quietly record others, and a clear error tells a broken client what to fix.
 */
export function requirePlainText(field: string, value: string, shape: TextShape): void {
  for (let i = 0; i < value.length; i++) {
    const unit = value.charCodeAt(i);
    if (isHighSurrogate(unit) && isLowSurrogate(value.charCodeAt(i + 1))) {
      i++; // a pair: one character outside the Basic Multilingual Plane (an emoji, say)
      continue;
    }
    const allowed = shape === 'multiline' && (unit === TAB || unit === LINE_FEED);
    if (isControl(unit) && !allowed) refuse(field, `a control character (${codePoint(unit)})`, i);
    if (isHighSurrogate(unit) || isLowSurrogate(unit))
      refuse(field, `an unpaired UTF-16 surrogate (${codePoint(unit)})`, i);
  }
  const bidi = firstBidiControl(value);
  if (bidi)
    refuse(field, `a bidirectional control (${bidi.codePoint}) that reorders text`, bidi.index);
}

function codePoint(unit: number): string {
  return `U+${unit.toString(16).toUpperCase().padStart(4, '0')}`;
}

function refuse(field: string, what: string, index: number): never {
  throw new AppError(
    'bad_frame',
    `${field} contains ${what} at position ${index + 1}; send plain text`,
  );
}
