/** Clarifications of the period: asked, answered with a section, "none of these", and after. */
export interface DashboardClarifications {
  readonly offered: number;
  /** A section was chosen (its turn ran on that section's question). */
  readonly chosen: number;
  /** "None of these: talk to a colleague". */
  readonly noneOfThese: number;
  /** The customer wrote something else instead of choosing. */
  readonly other: number;
  /** Avoidable escalations of the answers' turns: a clarification that did not save the handoff. */
  readonly avoidableAfter: number;
}

/**
 * The clarifications projection's counts between `$1` and `$2` (offer times), live traffic only;
 * the same query for the aggregates and the rows reading of the dashboard (the table is small:
 * one row per clarification, never more than the below-floor turns). The handoff that followed is
 * the escalation of the answer's turn.
 */
export const CLARIFICATION_COUNTS_SQL = `
  SELECT count(*) AS offered,
         count(*) FILTER (WHERE c.outcome = 'section') AS chosen,
         count(*) FILTER (WHERE c.outcome = 'none') AS none_of_these,
         count(*) FILTER (WHERE c.outcome = 'other') AS other,
         count(*) FILTER (WHERE e."group" = 'avoidable') AS avoidable_after
    FROM clarifications c
    LEFT JOIN escalations e ON e.turn_id = c.choice_turn_id
   WHERE NOT c.synthetic AND c.offered_at >= $1 AND c.offered_at < $2`;

export function dashboardClarifications(
  row: Record<string, unknown> | undefined,
): DashboardClarifications {
  const n = (value: unknown) => Number(value ?? 0);
  return {
    offered: n(row?.offered),
    chosen: n(row?.chosen),
    noneOfThese: n(row?.none_of_these),
    other: n(row?.other),
    avoidableAfter: n(row?.avoidable_after),
  };
}
