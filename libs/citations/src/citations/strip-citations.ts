import { citationMarkers } from './citation-marker.js';

const NO_SPACE_BEFORE = /[.!?\u061F\u061B,\u060C;:)]/;

/**
 * Removes the citation markers for display, with the spaces around them, so that
 * "within 21 days [a#1]." reads "within 21 days." and "... days. [a#1] Refunds" reads
 * "... days. Refunds". Text that only looks like a citation (`[see a#1]`) is left alone.
 */
export function stripCitations(text: string): string {
  const source = citationMarkers().source;
  // A run of markers with the spaces around it: "days [a#1] [b#2]." loses " [a#1] [b#2]".
  const marker = new RegExp(`[ \\t]*(?:${source})(?:[ \\t]*(?:${source}))*([ \\t]*)`, 'g');
  return text.replace(marker, (match: string, after: string, offset: number) => {
    const next = text[offset + match.length];
    const atLineEdge =
      offset === 0 || text[offset - 1] === '\n' || next === undefined || next === '\n';
    // Between two words the spaces collapse to one; at a line edge or before punctuation, to none.
    return !atLineEdge && after.length > 0 && !NO_SPACE_BEFORE.test(next) ? ' ' : '';
  });
}
