import { citationMarkers, idsInMarker } from './citation-marker.js';

/**
 * The chunk ids cited in a sentence, in order of first appearance, without duplicates. A citation
 * is a bracket holding only chunk ids (`[a#1]`, `[a#1, b#2]`, `[a#1 b#2]`), and a sentence may carry
 * several brackets. A bracket with anything else in it (`[see a#1]`, `[Retail#2]`) is not a
 * citation: the validator then finds the sentence uncited, which fails closed.
 */
export function extractCitations(sentence: string): string[] {
  const ids = new Set<string>();
  for (const marker of sentence.match(citationMarkers()) ?? []) {
    for (const id of idsInMarker(marker)) ids.add(id);
  }
  return [...ids];
}
