import { citationMarkerAt, citationMarkers } from '../citations/citation-marker.js';
import { ABBREVIATIONS, NUMERIC_ABBREVIATIONS } from './abbreviations.js';
import { stripListMarker } from './list-item.js';

// `.`, `!`, `?`, Arabic question mark, Arabic semicolon, ellipsis character.
const TERMINATOR = /[.!?\u061F\u061B\u2026]/;
// Closing quotes and brackets that stay with the sentence they close.
const CLOSER = /["'\u201D\u2019\u00BB)]/;
const DIGIT = /\p{Nd}/u;
const GOES_ON = /[:,;\u060C]/;
const WORD_CHAR = /[\p{L}\p{Nd}]/u;
const ABBREVIATION_SET = new Set(ABBREVIATIONS);
const NUMERIC_ABBREVIATION_SET = new Set(NUMERIC_ABBREVIATIONS);

/** The word right before position `dot`, with its inner dots ("e.g" before the last dot of "e.g."). */
function wordBefore(line: string, dot: number): string {
  let start = dot;
  while (start > 0 && /[\p{L}.]/u.test(line[start - 1] ?? '')) start -= 1;
  return line.slice(start, dot).toLowerCase();
}

function nextNonSpace(line: string, from: number): string {
  const rest = line.slice(from).trimStart();
  return rest[0] ?? '';
}

/** Whether the full stop at `dot` is part of a number, a domain, or an abbreviation. */
function dotStaysInside(line: string, dot: number): boolean {
  const before = line[dot - 1] ?? '';
  const after = line[dot + 1] ?? '';
  if (DIGIT.test(before) && DIGIT.test(after)) return true; // 12.5, ١.٥
  if (WORD_CHAR.test(after)) return true; // e.g (first dot), sanaa.com, ر.س
  const word = wordBefore(line, dot);
  if (ABBREVIATION_SET.has(word)) return true;
  return NUMERIC_ABBREVIATION_SET.has(word) && DIGIT.test(nextNonSpace(line, dot + 1));
}

/** End of the citation markers (and a stray full stop after them) that follow position `from`. */
function skipTrailingMarkers(line: string, from: number): number {
  let end = from;
  for (;;) {
    let probe = end;
    while (probe < line.length && /\s/.test(line[probe] ?? '')) probe += 1;
    const marker = citationMarkerAt();
    marker.lastIndex = probe;
    if (!marker.test(line)) break;
    end = marker.lastIndex;
    while (end < line.length && TERMINATOR.test(line[end] ?? '')) end += 1;
  }
  return end;
}

function splitLine(line: string): string[] {
  const sentences: string[] = [];
  let start = 0;
  let i = 0;
  while (i < line.length) {
    const char = line[i] ?? '';
    if (char === '[') {
      const marker = citationMarkerAt();
      marker.lastIndex = i;
      if (marker.test(line)) {
        i = marker.lastIndex;
        continue;
      }
    }
    if (!TERMINATOR.test(char) || (char === '.' && dotStaysInside(line, i))) {
      i += 1;
      continue;
    }
    let end = i + 1;
    while (end < line.length && TERMINATOR.test(line[end] ?? '')) end += 1;
    while (end < line.length && CLOSER.test(line[end] ?? '')) end += 1;
    // "Can you cancel?: Yes" (a table row read as a sentence): a colon or comma right after the
    // mark goes on with the same sentence.
    if (GOES_ON.test(line[end] ?? '')) {
      i = end;
      continue;
    }
    end = skipTrailingMarkers(line, end);
    sentences.push(line.slice(start, end));
    start = end;
    i = end;
  }
  sentences.push(line.slice(start));
  return sentences;
}

function hasWords(sentence: string): boolean {
  return WORD_CHAR.test(sentence.replace(citationMarkers(), ''));
}

function hasMarker(sentence: string): boolean {
  return citationMarkers().test(sentence);
}

/**
 * Splits a reply into sentences, English and Arabic alike:
 *
 * - at `.`, `!`, `?`, `؟`, `؛` (and `…`), keeping runs such as `?!` and closing quotes together;
 * - at every line break; a line that starts with a list marker (`-`, `*`, `•`, `1.`, `١.`, `2)`)
 *   is its own item, and the marker itself is dropped from the sentence;
 * - never inside a number ("12.5", "١.٥"; "1,500" and "١٬٥٠٠" hold no terminator), after the
 *   abbreviations of {@link ABBREVIATIONS}, before a letter with no space ("sanaa.com", "ر.س"),
 *   before a colon or comma that goes on with it ("Can you cancel?: Yes"), or inside a citation
 *   marker;
 * - citation markers right after a sentence's full stop ("... 21 days. [retail-returns#2]")
 *   belong to that sentence, and so does a line holding nothing but markers.
 *
 * Each sentence keeps its original text, trimmed. A piece with neither a letter nor a digit (an
 * emoji, a lone "—") states nothing and is dropped.
 */
export function splitSentences(text: string): string[] {
  const pieces = text
    .split(/\r\n|[\n\r\u2028\u2029]/)
    .flatMap((line) => splitLine(stripListMarker(line.trim())))
    .map((piece) => piece.trim())
    .filter((piece) => piece.length > 0);

  const sentences: string[] = [];
  let pendingMarkers = '';
  for (const piece of pieces) {
    if (hasWords(piece)) {
      sentences.push(pendingMarkers ? `${pendingMarkers} ${piece}` : piece);
      pendingMarkers = '';
    } else if (hasMarker(piece)) {
      const last = sentences.length - 1;
      if (last >= 0) sentences[last] = `${sentences[last]} ${piece}`;
      else pendingMarkers = pendingMarkers ? `${pendingMarkers} ${piece}` : piece;
    }
  }
  return sentences;
}
