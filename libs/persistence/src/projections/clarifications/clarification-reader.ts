import { isLegacyPlain, isSealed } from '@support/contracts';
import type { PersonalData } from '@support/privacy';
import type { DataSource } from 'typeorm';

/** A clarification the customer answered with a section (`AcceptedClarification` of @support/knowledge). */
export interface AcceptedClarificationRecord {
  readonly docId: string;
  readonly section: string;
  readonly question: string;
  readonly chosenAt: string;
}

/**
 * Reads the clarifications projection for the knowledge-gap loop (live traffic only). The rows hold
 * the customer's question sealed; it is opened here, and a forgotten customer's is left out.
 */
export class ClarificationReader {
  constructor(
    private readonly dataSource: DataSource,
    private readonly personalData: PersonalData,
  ) {}

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
    const accepted: AcceptedClarificationRecord[] = [];
    for (const r of rows) {
      const question = await this.openQuestion(r.question);
      if (question !== null)
        accepted.push({
          docId: r.chosen_doc_id,
          section: r.chosen_title,
          question,
          chosenAt: new Date(r.chosen_at).toISOString(),
        });
    }
    return accepted;
  }

  /** The question opened; null for a forgotten customer's. A row from before sealing is as it is. */
  private async openQuestion(stored: string): Promise<string | null> {
    if (!isSealed(stored) && !isLegacyPlain(stored)) return stored;
    const opened = await this.personalData.openText(stored);
    return opened.kind === 'open' ? opened.value : null;
  }
}
