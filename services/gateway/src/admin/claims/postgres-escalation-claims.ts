import { claimSequenceOf, schemaOf } from '@support/persistence';
import type { DataSource } from 'typeorm';
import type { ClaimState } from './claim-decider.js';
import type { ClaimedEscalation, EscalationClaimStore } from './escalation-claim-store.js';

interface ClaimSqlRow {
  conversation_id: string | null;
  resolved: boolean | null;
  claimed_by: string | null;
  claimed_at: Date | null;
  claim_version: string | null;
  recorded: boolean;
  holder: string | null;
  sequence: number | null;
  changed_at: Date | null;
  changed_by: string | null;
}

/**
 * Claims in `gateway_escalation_claims`, read with the escalation's projection row (conversation,
 * resolved). A transaction-scoped advisory lock per escalation serialises the deciders of every
 * replica (the claims row may not exist yet, so it cannot be row-locked); the read comes after the
 * lock, so it sees the previous holder's write. An escalation without a claims row starts from the
 * claim the projection shows (after a restore of an older backup the log still knows it).
 */
export class PostgresEscalationClaims implements EscalationClaimStore {
  constructor(private readonly dataSource: DataSource) {}

  private get s(): string {
    return `"${schemaOf(this.dataSource)}"`;
  }

  change<R extends { readonly state: ClaimState }>(
    escalationId: string,
    decide: (state: ClaimState, escalation: ClaimedEscalation) => R,
  ): Promise<R | null> {
    return this.dataSource.transaction(async (manager) => {
      await manager.query(`SELECT pg_advisory_xact_lock(hashtext('escalation-claim:' || $1))`, [
        escalationId,
      ]);
      const [row]: ClaimSqlRow[] = await manager.query(this.readSql, [escalationId]);
      if (!row?.conversation_id) return null;
      const before = stateOf(row);
      const decided = decide(before, { conversationId: row.conversation_id });
      const after = decided.state;
      if (after.sequence !== before.sequence)
        await manager.query(
          `INSERT INTO ${this.s}.gateway_escalation_claims
             (escalation_id, holder, sequence, changed_at, changed_by)
           VALUES ($1, $2, $3, $4, $5)
           ON CONFLICT (escalation_id) DO UPDATE SET holder = EXCLUDED.holder,
             sequence = EXCLUDED.sequence, changed_at = EXCLUDED.changed_at,
             changed_by = EXCLUDED.changed_by`,
          [escalationId, after.holder, after.sequence, after.changedAt, after.changedBy],
        );
      return decided;
    });
  }

  async holderOf(escalationId: string): Promise<string | null> {
    const [row]: ClaimSqlRow[] = await this.dataSource.query(this.readSql, [escalationId]);
    return row ? stateOf(row).holder : null;
  }

  private get readSql(): string {
    return `SELECT e.conversation_id, e.resolved_at IS NOT NULL AS resolved, e.claimed_by,
                   e.claimed_at, e.claim_version, c.escalation_id IS NOT NULL AS recorded,
                   c.holder, c.sequence, c.changed_at, c.changed_by
              FROM (SELECT 1) AS one
              LEFT JOIN ${this.s}.escalations e ON e.escalation_id = $1
              LEFT JOIN ${this.s}.gateway_escalation_claims c ON c.escalation_id = $1`;
  }
}

function stateOf(row: ClaimSqlRow): ClaimState {
  const resolved = row.resolved === true;
  if (row.recorded)
    return {
      holder: row.holder,
      sequence: row.sequence!,
      changedAt: row.changed_at!.toISOString(),
      changedBy: row.changed_by,
      resolved,
    };
  const sequence = claimSequenceOf(row.claim_version ?? '');
  return {
    holder: row.claimed_by,
    sequence,
    changedAt: row.claimed_at ? row.claimed_at.toISOString() : null,
    changedBy: row.claimed_by,
    resolved,
  };
}
