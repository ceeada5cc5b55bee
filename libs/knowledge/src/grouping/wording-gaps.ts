/**
 * A question the customer confirmed through a clarification (they chose a section the gate had
 * not matched): the knowledge base has the subject, but not in the customer's words.
 */
export interface AcceptedClarification {
  readonly docId: string;
  /** The section chosen (its heading, or the document's title). */
  readonly section: string;
  readonly question: string;
  /** ISO time of the choice. */
  readonly chosenAt: string;
}

/** A section customers reached only through a clarification, with the words they used. */
export interface WordingGap {
  readonly docId: string;
  readonly section: string;
  readonly accepted: number;
  /** Newest first. */
  readonly questions: readonly string[];
  readonly lastChosenAt: string;
}

/**
 * Accepted clarifications by section, the most chosen first (then the latest): an analyst reads
 * which sections need the customers' words (a phrase, a synonym, a dialect form) added.
 */
export function groupWordingGaps(accepted: readonly AcceptedClarification[]): WordingGap[] {
  const bySection = new Map<string, AcceptedClarification[]>();
  for (const a of accepted) {
    const key = `${a.docId}\u0000${a.section}`;
    bySection.set(key, [...(bySection.get(key) ?? []), a]);
  }
  return [...bySection.values()]
    .map((group) => {
      const newest = [...group].sort((a, b) => b.chosenAt.localeCompare(a.chosenAt));
      return {
        docId: newest[0]!.docId,
        section: newest[0]!.section,
        accepted: group.length,
        questions: [...new Set(newest.map((a) => a.question))],
        lastChosenAt: newest[0]!.chosenAt,
      };
    })
    .sort(
      (a, b) =>
        b.accepted - a.accepted ||
        b.lastChosenAt.localeCompare(a.lastChosenAt) ||
        a.docId.localeCompare(b.docId),
    );
}
