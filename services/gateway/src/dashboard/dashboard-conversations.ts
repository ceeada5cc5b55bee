import type { PersonalData } from '@support/privacy';
import { ESCALATION_GROUPS, ESCALATION_REASONS, ESCALATION_TOPICS } from '@support/contracts';
import { storableText } from '@support/persistence';
import { AppError } from '@support/platform/pure';
import type { DataSource } from 'typeorm';
import { type DashboardPeriod, periodTimes } from './dashboard-period.js';

/** The most rows one bar of the dashboard lists (the newest). */
export const BAR_ROWS_LIMIT = 200;

/**
 * What one bar of the dashboard counts, so its conversations can be listed: an escalation chart's
 * bar (a day, a reason, a topic, a group, or two of them) or a latency bar (a range of ms).
 */
export interface BarSelection {
  readonly day?: string;
  readonly group?: string;
  readonly reason?: string;
  /** `pending`: not labelled yet. */
  readonly topic?: string;
  /** Latency bars: finished turns from `latencyFrom` ms (inclusive) to `latencyTo` (exclusive). */
  readonly latencyFrom?: number;
  readonly latencyTo?: number;
}

/** One conversation behind a bar: its turn (for the trace), who asked what, and what came of it. */
export interface BarConversation {
  readonly conversationId: string;
  readonly turnId: string | null;
  readonly customerId: string | null;
  readonly question: string;
  readonly at: string;
  readonly reason: string | null;
  readonly group: string | null;
  readonly topic: string | null;
  readonly latencyMs: number | null;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Reads a bar from the page's query; anything the dashboard never draws is refused in words. */
export function barSelectionOf(query: Record<string, string | undefined>): BarSelection {
  const oneOf = (name: string, values: readonly string[]) => {
    const value = query[name];
    if (value === undefined || value === '') return undefined;
    if (!values.includes(value))
      throw new AppError('validation_failed', `${name} must be one of ${values.join(', ')}`);
    return value;
  };
  const ms = (name: string) => {
    const value = query[name];
    if (value === undefined || value === '') return undefined;
    const n = Number(value);
    if (!Number.isInteger(n) || n < 0)
      throw new AppError('validation_failed', `${name} must be a whole number of ms`);
    return n;
  };
  const day = query.day;
  if (day !== undefined && day !== '' && !DAY.test(day))
    throw new AppError('validation_failed', 'day must be a date, YYYY-MM-DD');
  const selection: BarSelection = {
    ...(day ? { day } : {}),
    ...(oneOf('group', ESCALATION_GROUPS) ? { group: query.group } : {}),
    ...(oneOf('reason', ESCALATION_REASONS) ? { reason: query.reason } : {}),
    ...(oneOf('topic', [...ESCALATION_TOPICS, 'pending']) ? { topic: query.topic } : {}),
    ...(ms('latencyFrom') !== undefined ? { latencyFrom: ms('latencyFrom') } : {}),
    ...(ms('latencyTo') !== undefined ? { latencyTo: ms('latencyTo') } : {}),
  };
  return selection;
}

/**
 * The conversations behind one bar of the dashboard, newest first, over the same whole UTC days
 * and from the same projections as the bar (evaluation traffic left out, as everywhere on it):
 * escalations by the day they were opened, latency bars by the turns' own latency.
 */
export class DashboardConversations {
  constructor(
    private readonly dataSource: DataSource,
    private readonly personalData: PersonalData,
  ) {}

  async behind(period: DashboardPeriod, bar: BarSelection): Promise<BarConversation[]> {
    const { from, to } = periodTimes(period);
    const latency = bar.latencyFrom !== undefined || bar.latencyTo !== undefined;
    const rows: Record<string, unknown>[] = latency
      ? await this.dataSource.query(
          `SELECT conversation_id, turn_id, NULL AS customer_id, customer_message AS question,
                  message_at AS at, escalation_reason AS reason, NULL AS "group", NULL AS topic, latency_ms
             FROM turn_traces
            WHERE NOT synthetic AND latency_ms IS NOT NULL AND message_at >= $1 AND message_at < $2
              AND latency_ms >= $3 AND ($4::int IS NULL OR latency_ms < $4)
            ORDER BY message_at DESC, turn_id LIMIT ${BAR_ROWS_LIMIT}`,
          [from, to, bar.latencyFrom ?? 0, bar.latencyTo ?? null],
        )
      : await this.dataSource.query(
          `SELECT conversation_id, turn_id, customer_id, question, opened_at AS at, reason, "group",
                  topic, NULL AS latency_ms
             FROM escalations
            WHERE opened_at >= $1 AND opened_at < $2
              AND ($3::date IS NULL OR opened_at >= $3::date AND opened_at < $3::date + 1)
              AND ($4::text IS NULL OR "group" = $4)
              AND ($5::text IS NULL OR reason = $5)
              AND ($6::text IS NULL OR coalesce(topic, 'pending') = $6)
            ORDER BY opened_at DESC, escalation_id LIMIT ${BAR_ROWS_LIMIT}`,
          [from, to, bar.day ?? null, bar.group ?? null, bar.reason ?? null, bar.topic ?? null],
        );
    return Promise.all(
      rows.map(async (row) => ({
        conversationId: String(row.conversation_id ?? ''),
        turnId: row.turn_id == null ? null : String(row.turn_id),
        customerId: row.customer_id == null ? null : String(row.customer_id),
        // Stored sealed (what the customer wrote): opened for the admin, "[erased]" once forgotten.
        question: storableText(await this.personalData.readable(String(row.question ?? ''))),
        at: new Date(row.at as string).toISOString(),
        reason: row.reason == null ? null : String(row.reason),
        group: row.group == null ? null : String(row.group),
        topic: row.topic == null ? null : String(row.topic),
        latencyMs: row.latency_ms == null ? null : Number(row.latency_ms),
      })),
    );
  }
}
