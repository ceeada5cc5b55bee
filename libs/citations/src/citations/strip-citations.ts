import { citationMarkers } from './citation-marker.js';

/**
 * Removes the citation markers for display, with the spaces that led up to each one, so that
 * "within 21 days [a#1]." reads "within 21 days." A marker that opens a line takes the spaces
 * after it instead. Text that only looks like a citation (`[see a#1]`) is left alone.
 */
export function stripCitations(text: string): string {
  return text.replace(
    new RegExp(`([ \\t]*)(${citationMarkers().source})([ \\t]*)`, 'g'),
    (_match, _before: string, _marker: string, after: string, offset: number, whole: string) => {
      const lineStart = offset === 0 || whole[offset - 1] === '\n';
      const lineEnd =
        offset + _match.length >= whole.length || whole[offset + _match.length] === '\n';
      // Between two words the marker's own spaces collapse to one; at a line edge, to none.
      if (lineStart || lineEnd) return '';
      const nextChar = whole[offset + _match.length] ?? '';
      return after.length > 0 && !/[.!?\u061F\u061B,\u060C;:)]/.test(nextChar) ? ' ' : '';
    },
  );
}
