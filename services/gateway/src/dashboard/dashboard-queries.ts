import type { DataSource } from 'typeorm';

export interface DashboardData {
  readonly from: string;
  readonly to: string;
  readonly turns: {
    total: number;
    answered: number;
    escalated: number;
    held: number;
    answeredShare: number | null;
  };
  readonly latencyMs: { p50: number | null; p95: number | null };
  /** `withdrawn`: the customer took the request back before any admin replied. */
  readonly escalations: { total: number; genuine: number; avoidable: number; withdrawn: number };
  readonly byDay: { day: string; genuine: number; avoidable: number }[];
  readonly byReason: { reason: string; group: string; count: number }[];
  readonly byTopic: { topic: string; genuine: number; avoidable: number }[];
  /** Avoidable escalations by topic with their questions: what the knowledge base is missing. */
  readonly backlog: { topic: string; count: number; questions: string[] }[];
  readonly retrieval: { legTimeouts: number; rerankFailOpens: number };
}

const int = (value: unknown) => Number(value ?? 0);

/**
 * The analysts' numbers, read from the projections (which a replay rebuilds from the log) for
 * turns started / escalations opened in [from, to).
 */
export class DashboardQueries {
  constructor(private readonly dataSource: DataSource) {}

  async load(from: Date, to: Date): Promise<DashboardData> {
    const range = [from.toISOString(), to.toISOString()];
    const q = <T>(sql: string) => this.dataSource.query(sql, range) as Promise<T[]>;
    const [turns] = await q<Record<string, unknown>>(`
      SELECT count(*) AS total,
             count(*) FILTER (WHERE status = 'answered') AS answered,
             count(*) FILTER (WHERE status = 'escalated') AS escalated,
             count(*) FILTER (WHERE status = 'held') AS held,
             percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM completed_at - started_at) * 1000)
               FILTER (WHERE completed_at IS NOT NULL AND started_at IS NOT NULL AND status <> 'held') AS p50,
             percentile_cont(0.95) WITHIN GROUP (ORDER BY extract(epoch FROM completed_at - started_at) * 1000)
               FILTER (WHERE completed_at IS NOT NULL AND started_at IS NOT NULL AND status <> 'held') AS p95
        FROM turns WHERE started_at >= $1 AND started_at < $2`);
    const inRange = `opened_at >= $1 AND opened_at < $2`;
    const byDay = await q<Record<string, unknown>>(`
      SELECT to_char(date_trunc('day', opened_at AT TIME ZONE 'UTC'), 'YYYY-MM-DD') AS day,
             count(*) FILTER (WHERE "group" = 'genuine') AS genuine,
             count(*) FILTER (WHERE "group" = 'avoidable') AS avoidable
        FROM escalations WHERE ${inRange} GROUP BY 1 ORDER BY 1`);
    const [withdrawals] = await q<Record<string, unknown>>(`
      SELECT count(*) AS withdrawn FROM escalations WHERE ${inRange} AND withdrawn_at IS NOT NULL`);
    const byReason = await q<Record<string, unknown>>(`
      SELECT reason, "group", count(*) AS count FROM escalations WHERE ${inRange}
       GROUP BY 1, 2 ORDER BY count(*) DESC, reason`);
    const byTopic = await q<Record<string, unknown>>(`
      SELECT coalesce(topic, 'pending') AS topic,
             count(*) FILTER (WHERE "group" = 'genuine') AS genuine,
             count(*) FILTER (WHERE "group" = 'avoidable') AS avoidable
        FROM escalations WHERE ${inRange} GROUP BY 1 ORDER BY count(*) DESC, 1`);
    const backlog = await q<Record<string, unknown>>(`
      SELECT coalesce(topic, 'pending') AS topic, count(*) AS count,
             (array_agg(question ORDER BY opened_at DESC))[1:20] AS questions
        FROM escalations WHERE ${inRange} AND "group" = 'avoidable'
       GROUP BY 1 ORDER BY count(*) DESC, 1`);

    const total = int(turns?.total);
    const answered = int(turns?.answered);
    const genuine = byDay.reduce((n, r) => n + int(r.genuine), 0);
    const avoidable = byDay.reduce((n, r) => n + int(r.avoidable), 0);
    const round = (v: unknown) => (v === null || v === undefined ? null : Math.round(Number(v)));
    return {
      from: range[0]!,
      to: range[1]!,
      turns: {
        total,
        answered,
        escalated: int(turns?.escalated),
        held: int(turns?.held),
        answeredShare: total ? Math.round((answered / total) * 1000) / 1000 : null,
      },
      latencyMs: { p50: round(turns?.p50), p95: round(turns?.p95) },
      escalations: {
        total: genuine + avoidable,
        genuine,
        avoidable,
        withdrawn: int(withdrawals?.withdrawn),
      },
      byDay: byDay.map((r) => ({
        day: String(r.day),
        genuine: int(r.genuine),
        avoidable: int(r.avoidable),
      })),
      byReason: byReason.map((r) => ({
        reason: String(r.reason),
        group: String(r.group),
        count: int(r.count),
      })),
      byTopic: byTopic.map((r) => ({
        topic: String(r.topic),
        genuine: int(r.genuine),
        avoidable: int(r.avoidable),
      })),
      backlog: backlog.map((r) => ({
        topic: String(r.topic),
        count: int(r.count),
        questions: (r.questions as string[]).filter(Boolean),
      })),
      retrieval: await this.retrievalHealth(range),
    };
  }

  /**
   * Leg timeouts and reranker fail-opens, from the turn traces. Those keep evaluation traffic (for
   * `cli trace`), so it is left out here; the turns and escalations tables never hold it.
   */
  private async retrievalHealth(range: string[]): Promise<DashboardData['retrieval']> {
    const [row] = (await this.dataSource.query(
      `SELECT coalesce(sum((SELECT count(*) FROM jsonb_array_elements(retrieval->'legs') l WHERE l->>'status' = 'timed_out')), 0) AS timeouts,
              count(*) FILTER (WHERE retrieval->'rerank'->>'failOpen' = 'true') AS fail_opens
         FROM turn_traces WHERE message_at >= $1 AND message_at < $2 AND NOT synthetic`,
      range,
    )) as Record<string, unknown>[];
    return { legTimeouts: int(row?.timeouts), rerankFailOpens: int(row?.fail_opens) };
  }
}

/**
 * The dashboard as CSV, one table per chart: a title row, a header row, the rows, a blank line.
 * It starts with a byte-order mark, so spreadsheets read it as UTF-8 (Arabic questions and topics
 * otherwise arrive garbled).
 */
export function dashboardCsv(data: DashboardData): string {
  const cell = (value: unknown) => {
    const text = String(value ?? '');
    // Quote every cell; a leading = + - @ would be read as a formula by spreadsheets.
    return `"${(/^[=+\-@]/.test(text) ? `'${text}` : text).replace(/"/g, '""')}"`;
  };
  const tables: [string, unknown[], unknown[][]][] = [
    [
      'Turns and escalations',
      ['metric', 'value'],
      [
        ['turns', data.turns.total],
        ['answered', data.turns.answered],
        ['answered_share', data.turns.answeredShare],
        ['escalated', data.turns.escalated],
        ['escalations_genuine', data.escalations.genuine],
        ['escalations_avoidable', data.escalations.avoidable],
        ['escalations_withdrawn', data.escalations.withdrawn],
        ['latency_ms_p50', data.latencyMs.p50],
        ['latency_ms_p95', data.latencyMs.p95],
        ['leg_timeouts', data.retrieval.legTimeouts],
        ['rerank_fail_opens', data.retrieval.rerankFailOpens],
      ],
    ],
    [
      'Escalations per day',
      ['day', 'genuine', 'avoidable'],
      data.byDay.map((d) => [d.day, d.genuine, d.avoidable]),
    ],
    [
      'Escalations by reason',
      ['reason', 'group', 'count'],
      data.byReason.map((r) => [r.reason, r.group, r.count]),
    ],
    [
      'Escalations by topic',
      ['topic', 'genuine', 'avoidable'],
      data.byTopic.map((t) => [t.topic, t.genuine, t.avoidable]),
    ],
    [
      'Knowledge-base backlog',
      ['topic', 'question'],
      data.backlog.flatMap((b) => b.questions.map((question) => [b.topic, question])),
    ],
  ];
  const line = (row: unknown[]) => row.map(cell).join(',');
  return (
    '\uFEFF' +
    tables
      .map(([title, header, rows]) => [line([title]), line(header), ...rows.map(line)].join('\n'))
      .join('\n\n') +
    '\n'
  );
}
