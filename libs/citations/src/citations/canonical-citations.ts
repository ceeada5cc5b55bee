import { normalizeForChecks } from '@support/text';
import { CITATION_IDS, CITATION_MARKER_SOURCE, idsInMarker } from './citation-marker.js';

// The brackets chat models cite with: ASCII, the CJK lenticular brackets Qwen writes, and the
// full-width ones. Each pair is matched with itself only; nothing else is a citation.
const BRACKET_PAIRS: readonly (readonly [string, string])[] = [
  ['[', ']'],
  ['\u3010', '\u3011'],
  ['\uFF3B', '\uFF3D'],
];
const escape = (c: string) => `\\${c}`;
const BRACKETED = new RegExp(
  BRACKET_PAIRS.map(
    ([open, close]) =>
      `${escape(open)}([^\\n${escape(open)}${escape(close)}]{1,400})${escape(close)}`,
  ).join('|'),
  'g',
);

const TERMINATORS = '[.!?\\u061F\\u061B\\u2026]+["\'\\u201D\\u2019\\u00BB)]*';
const MARKER_RUN = `(?:${CITATION_MARKER_SOURCE})(?:[ \\t]*(?:${CITATION_MARKER_SOURCE}))*`;
// "days. [a#1] Refunds" and "days. [a#1]." : markers right after a sentence's end.
const AFTER_THE_STOP = new RegExp(
  `[ \\t]*(${TERMINATORS})[ \\t]*(${MARKER_RUN})(?:[ \\t]*[.!?\\u061F\\u061B\\u2026]+)?`,
  'g',
);
// A line of nothing but markers belongs to the line before it.
const MARKERS_ALONE = new RegExp(`(\\S)[ \\t]*\\n[ \\t]*(${MARKER_RUN})[ \\t]*(?=\\n|$)`, 'g');
const RUN = new RegExp(MARKER_RUN, 'g');

/** The bracket's ids in one spelling, or undefined when it holds anything but chunk ids. */
function idsOf(inner: string): string[] | undefined {
  const read = normalizeForChecks(inner);
  return CITATION_IDS.test(read) ? idsInMarker(`[${read}]`) : undefined;
}

/**
 * The reply in the one citation form every reader of it shares (the check, the chat page, the
 * WhatsApp sources): each citation a single `[a#1, b#2]` placed before the full stop of the
 * sentence it belongs to, as the check attaches it.
 *
 * - `[id]`, `【id】` and `［id］`, with ids written in any digits or with invisible characters in
 *   them, become `[id]`; a bracket holding anything but chunk ids is left as it is (not a citation);
 * - markers after a sentence's full stop (`days. [a#1]`, `days. [a#1].`) and a line of nothing but
 *   markers move before the stop of the sentence before them (`days [a#1].`);
 * - adjacent markers (`[a#1][b#2]`, `[a#1] [b#2]`) become one, without duplicates.
 *
 * Idempotent. The agent validates this text and sends this text, so the customer reads exactly
 * what was checked.
 */
export function canonicalCitations(reply: string): string {
  const bracketed = reply.replace(BRACKETED, (match: string, ...groups: unknown[]) => {
    const inner = groups.slice(0, BRACKET_PAIRS.length).find((g) => typeof g === 'string');
    const ids = typeof inner === 'string' ? idsOf(inner) : undefined;
    return ids === undefined ? match : `[${ids.join(', ')}]`;
  });
  const joined = bracketed.replace(MARKERS_ALONE, '$1 $2');
  const moved = joined.replace(AFTER_THE_STOP, (_m, stop: string, markers: string) => {
    return ` ${markers}${stop}`;
  });
  return moved.replace(RUN, (run) => `[${[...new Set(idsInMarker(run))].join(', ')}]`);
}
