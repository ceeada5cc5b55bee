import type { DataSource } from 'typeorm';

/** A clarification the customer answered with a section (`AcceptedClarification` of @support/knowledge). */
export interface AcceptedClarificationRecord {
  readonly docId: string;
  readonly section: string;
  readonly question: string;
  readonly chosenAt: string;
}

/** Reads the clarifications projection for the knowledge-gap loop (live traffic only). */
export class ClarificationReader {
  constructor(private readonly dataSource: DataSource) {}

  /** Clarifications answered with a section, chosen at or after `since` (all when null). */
  async accepted(since: Date | null): Promise<AcceptedClarificationRecord[]> {
    const rows = (await this.dataSource.query(
      `SELECT chosen_doc_id, chosen_title, question, chosen_at FROM clarifications
        WHERE outcome = 'section' AND NOT synthetic AND question IS NOT NULL
          AND chosen_doc_id IS NOT NULL AND chosen_title IS NOT NULL
          AND ($1::timestamptz IS NULL OR chosen_at >= $1)
        ORDER BY chosen_at, offer_turn_id`,
      [since?.toISOString() ?? null],
    )) as { chosen_doc_id: string; chosen_title: string; question: string; chosen_at: Date }[];
    return rows.map((r) => ({
      docId: r.chosen_doc_id,
      section: r.chosen_title,
      question: r.question,
      chosenAt: new Date(r.chosen_at).toISOString(),
    }));
  }
}
