// A chunk id as the contracts spell it (`CHUNK_ID_PATTERN`): `<doc-id>#<n>`, the doc id in lowercase
// letters, digits and dashes. The chunk number may be typed in Arabic-Indic or Persian digits by a
// model answering in Arabic; it is folded to 0-9, since it can only mean the same chunk.
const CHUNK_ID_SOURCE = '[a-z0-9][a-z0-9-]*#[0-9\\u0660-\\u0669\\u06F0-\\u06F9]+';
// Ids inside one bracket are separated by a comma (Latin or Arabic), a semicolon or spaces.
const SEPARATOR_SOURCE = '(?:\\s*[,\\u060C;]\\s*|\\s+)';
const IDS_SOURCE = `\\s*${CHUNK_ID_SOURCE}(?:${SEPARATOR_SOURCE}${CHUNK_ID_SOURCE})*\\s*`;

/** One citation marker: `[retail-returns#2]` or `[retail-returns#2, faq#1]`. */
export const CITATION_MARKER_SOURCE = `\\[${IDS_SOURCE}\\]`;

/** What may sit inside a citation bracket: chunk ids and their separators, nothing else. */
export const CITATION_IDS = new RegExp(`^${IDS_SOURCE}$`);

/** A fresh global regex for the markers (a shared global regex would carry `lastIndex` between calls). */
export function citationMarkers(): RegExp {
  return new RegExp(CITATION_MARKER_SOURCE, 'g');
}

/** A sticky regex that matches a marker exactly at `lastIndex`. */
export function citationMarkerAt(): RegExp {
  return new RegExp(CITATION_MARKER_SOURCE, 'y');
}

const CHUNK_IDS = new RegExp(CHUNK_ID_SOURCE, 'g');

function foldDigits(id: string): string {
  return id.replace(/[\u0660-\u0669\u06F0-\u06F9]/g, (digit) => {
    const code = digit.charCodeAt(0);
    return String(code >= 0x06f0 ? code - 0x06f0 : code - 0x0660);
  });
}

/** The chunk ids of one marker, in order. */
export function idsInMarker(marker: string): string[] {
  return (marker.match(CHUNK_IDS) ?? []).map(foldDigits);
}
