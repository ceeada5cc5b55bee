import type { PersonalData } from '@support/privacy';
import { LatestGaps } from '@support/knowledge';
import { KnowledgeReader, storableText } from '@support/persistence';
import type { DataSource } from 'typeorm';
import {
  dailyCountsOf,
  type DashboardKnowledge,
  dashboardKnowledge,
  type KnowledgeRows,
  readKnowledgeRows,
} from './dashboard-knowledge.js';
import {
  type DashboardPeriod,
  periodCovering,
  periodMonths,
  periodTimes,
} from './dashboard-period.js';
import { type LatencyBar, latencyBars } from './latency-histogram.js';
import {
  CLARIFICATION_COUNTS_SQL,
  type DashboardClarifications,
  dashboardClarifications,
} from './dashboard-clarifications.js';
import { type BucketCount, type LatencyCount, LatencyPercentiles } from './latency-percentiles.js';

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
  /** Finished turns by latency, one bar per power of two (ms). */
  readonly latencyHistogram: LatencyBar[];
  /** `withdrawn`: the customer took the request back before any admin replied. */
  readonly escalations: { total: number; genuine: number; avoidable: number; withdrawn: number };
  readonly byDay: { day: string; genuine: number; avoidable: number }[];
  readonly byReason: { reason: string; group: string; count: number }[];
  readonly byTopic: { topic: string; genuine: number; avoidable: number }[];
  /** Avoidable escalations by topic with their questions: what the knowledge base is missing. */
  readonly backlog: { topic: string; count: number; questions: string[] }[];
  readonly retrieval: { legTimeouts: number; rerankFailOpens: number };
  /** Knowledge gaps opened and closed per week, and what each published article changed. */
  readonly knowledge: DashboardKnowledge;
  /** Clarifying questions asked instead of a below-floor handoff, and what came of them. */
  readonly clarifications: DashboardClarifications;
}

/** What the dashboard's queries return, before it is shaped into {@link DashboardData}. */
export interface DashboardRows {
  readonly turns: Record<string, unknown>[];
  readonly latency: { p50: number | null; p95: number | null };
  readonly latencyBuckets: BucketCount[];
  readonly byDay: Record<string, unknown>[];
  readonly withdrawn: Record<string, unknown> | undefined;
  readonly byReason: Record<string, unknown>[];
  readonly byTopic: Record<string, unknown>[];
  readonly backlog: Record<string, unknown>[];
  readonly retrieval: Record<string, unknown> | undefined;
  readonly knowledge: KnowledgeRows;
  readonly clarifications: Record<string, unknown> | undefined;
}

const int = (value: unknown) => Number(value ?? 0);

/** Both ways of reading the dashboard (aggregates, raw rows) end here. */
export function dashboardData(period: DashboardPeriod, rows: DashboardRows): DashboardData {
  const { from, to } = periodTimes(period);
  const status = (name: string) => int(rows.turns.find((r) => r.status === name)?.turns);
  const total = rows.turns.reduce((n, r) => n + int(r.turns), 0);
  const answered = status('answered');
  const genuine = rows.byDay.reduce((n, r) => n + int(r.genuine), 0);
  const avoidable = rows.byDay.reduce((n, r) => n + int(r.avoidable), 0);
  const round = (v: number | null) => (v === null ? null : Math.round(v));
  return {
    from,
    to,
    turns: {
      total,
      answered,
      escalated: status('escalated'),
      held: status('held'),
      answeredShare: total ? Math.round((answered / total) * 1000) / 1000 : null,
    },
    latencyMs: { p50: round(rows.latency.p50), p95: round(rows.latency.p95) },
    latencyHistogram: latencyBars(rows.latencyBuckets),
    escalations: {
      total: genuine + avoidable,
      genuine,
      avoidable,
      withdrawn: int(rows.withdrawn?.withdrawn),
    },
    byDay: rows.byDay.map((r) => ({
      day: String(r.day),
      genuine: int(r.genuine),
      avoidable: int(r.avoidable),
    })),
    byReason: rows.byReason.map((r) => ({
      reason: String(r.reason),
      group: String(r.group),
      count: int(r.count),
    })),
    byTopic: rows.byTopic.map((r) => ({
      topic: String(r.topic),
      genuine: int(r.genuine),
      avoidable: int(r.avoidable),
    })),
    backlog: rows.backlog.map((r) => ({
      topic: String(r.topic),
      count: int(r.count),
      questions: (r.questions as (string | null)[]).filter((q): q is string => Boolean(q)),
    })),
    retrieval: {
      legTimeouts: int(rows.retrieval?.timeouts),
      rerankFailOpens: int(rows.retrieval?.fail_opens),
    },
    knowledge: dashboardKnowledge(period, rows.knowledge),
    clarifications: dashboardClarifications(rows.clarifications),
  };
}

export interface DashboardOptions {
  readonly kbNamespace?: string;
}

/** Questions listed per backlog topic (the latest ones). */
export const BACKLOG_QUESTIONS = 20;

type Row = Record<string, unknown>;
/** A statement by name: the same text always, planned once per connection. */
type Query = (name: string, text: string, values: unknown[]) => Promise<Row[]>;

interface PreparingClient {
  query(config: { name?: string; text: string; values?: unknown[] }): Promise<{ rows: Row[] }>;
}

/**
 * The rows of a daily aggregate for the period ($1 first day, $2 day after the last): the whole
 * months ($3 to $4, see {@link periodMonths}) from its monthly rollup, the days around them from
 * the daily table.
 */
function overPeriod(table: string, columns: string, where = 'true'): string {
  return `SELECT ${columns} FROM ${table}_daily WHERE ${where} AND day >= $1 AND day < $3
          UNION ALL
          SELECT ${columns} FROM ${table}_daily WHERE ${where} AND day >= $4 AND day < $2
          UNION ALL
          SELECT ${columns} FROM ${table}_monthly WHERE ${where} AND month >= $3 AND month < $4`;
}

/** The grouping sets of the escalation counts, by `GROUPING(...)` of their columns. */
const REASON_SETS = { byDay: 3, byReason: 4, total: 7 };
const TOPIC_SETS = { byTopic: 1, byTopicAndGroup: 0 };

/**
 * The analysts' numbers for whole UTC days, read from the daily aggregates the projections keep
 * (and a replay rebuilds), their monthly rollups for the whole months of a long period, and the
 * latest backlog questions through their index: the cost grows with the days asked for (a few
 * thousand rows for a year), not with the conversations stored. Turns count by the day they
 * started, escalations by the day they were opened. Two statements in one read-only snapshot, so
 * the numbers agree with each other: the counts and the latency histogram, then the latencies of
 * the histogram buckets the percentiles fall in and the backlog questions.
 */
export class DashboardQueries {
  private readonly gaps: LatestGaps;

  /**
   * `kbNamespace`: the namespace articles from knowledge gaps are published to, whose glossary
   * links English and Arabic questions into one gap (unset: the default namespace).
   */
  constructor(
    private readonly dataSource: DataSource,
    private readonly personalData: PersonalData,
    private readonly options: DashboardOptions = {},
  ) {
    this.gaps = new LatestGaps(new KnowledgeReader(dataSource, personalData));
  }

  /** The whole UTC days from `from`'s day to `to` (see {@link periodCovering}). */
  load(from: Date, to: Date): Promise<DashboardData> {
    return this.loadPeriod(periodCovering(from, to));
  }

  async loadPeriod(period: DashboardPeriod): Promise<DashboardData> {
    const runner = this.dataSource.createQueryRunner();
    // The driver's client (node-postgres): its named statements are planned once per connection.
    const client = (await runner.connect()) as PreparingClient;
    const query: Query = async (name, text, values) =>
      (await client.query({ name: `dashboard-${name}`, text, values })).rows;
    try {
      await client.query({ text: 'BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY' });
      const data = await this.read(period, query);
      await client.query({ text: 'COMMIT' });
      return await withReadableBacklog(data, this.personalData);
    } catch (error) {
      await client.query({ text: 'ROLLBACK' }).catch(() => undefined);
      throw error;
    } finally {
      await runner.release();
    }
  }

  private async read(period: DashboardPeriod, query: Query): Promise<DashboardData> {
    const { firstMonth, lastMonth } = periodMonths(period);
    const days = [period.fromDay, period.toDay, firstMonth, lastMonth];
    const byGroup = `sum(escalations) FILTER (WHERE "group" = 'genuine') AS genuine,
                     sum(escalations) FILTER (WHERE "group" = 'avoidable') AS avoidable`;
    const [counts] = await query(
      'counts',
      `SELECT
         (SELECT coalesce(json_agg(t), '[]') FROM (
            SELECT status, sum(turns) AS turns FROM turn_counts_daily
             WHERE day >= $1 AND day < $2 GROUP BY status) t) AS turns,
         (SELECT coalesce(json_agg(b ORDER BY b.bucket), '[]') FROM (
            SELECT bucket, sum(turns) AS turns
              FROM (${overPeriod('turn_latency_buckets', 'bucket, turns')}) x
             GROUP BY bucket) b) AS latency_buckets,
         (SELECT coalesce(json_agg(r ORDER BY r.grouping_set, r.day, r.escalations DESC, r.reason), '[]')
            FROM (
              SELECT GROUPING(day, reason, "group") AS grouping_set,
                     to_char(day, 'YYYY-MM-DD') AS day, reason, "group",
                     sum(escalations) AS escalations, sum(withdrawn) AS withdrawn, ${byGroup}
                FROM escalation_reasons_daily WHERE day >= $1 AND day < $2
               GROUP BY GROUPING SETS ((day), (reason, "group"), ())) r) AS reasons,
         (SELECT coalesce(json_agg(t ORDER BY t.grouping_set, t.escalations DESC, t.topic), '[]')
            FROM (
              SELECT GROUPING(topic, "group") AS grouping_set, topic, "group",
                     sum(escalations) AS escalations, ${byGroup}
                FROM (${overPeriod('escalation_topics', 'topic, "group", escalations')}) x
               GROUP BY GROUPING SETS ((topic), (topic, "group"))) t) AS topics,
         (SELECT json_build_object('timeouts', sum(leg_timeouts), 'fail_opens', sum(rerank_fail_opens))
            FROM retrieval_health_daily WHERE day >= $1 AND day < $2) AS retrieval`,
      days,
    );
    const inSet = (rows: unknown, id: number) =>
      (rows as Row[]).filter((r) => r.grouping_set === id);
    const latency = new LatencyPercentiles(counts!.latency_buckets as BucketCount[], [0.5, 0.95]);
    const backlogTopics = inSet(counts!.topics, TOPIC_SETS.byTopicAndGroup)
      .filter((row) => row.group === 'avoidable')
      .map((row) => ({ topic: row.topic, count: row.escalations }));
    const details = await this.details(query, period, days, latency, backlogTopics);
    const [p50, p95] = latency.values(details.latencies);
    return dashboardData(period, {
      turns: counts!.turns as Row[],
      latency: { p50: p50!, p95: p95! },
      latencyBuckets: latency.buckets as BucketCount[],
      byDay: inSet(counts!.reasons, REASON_SETS.byDay),
      withdrawn: inSet(counts!.reasons, REASON_SETS.total)[0],
      byReason: inSet(counts!.reasons, REASON_SETS.byReason).map((row) => ({
        ...row,
        count: row.escalations,
      })),
      byTopic: inSet(counts!.topics, TOPIC_SETS.byTopic),
      backlog: backlogTopics.map((topic) => ({
        ...topic,
        questions: details.questions.get(String(topic.topic)) ?? [],
      })),
      retrieval: counts!.retrieval as Row,
      knowledge: await this.knowledgeRows(query, period),
      clarifications: (
        await query('clarifications', CLARIFICATION_COUNTS_SQL, [
          periodTimes(period).from,
          periodTimes(period).to,
        ])
      )[0],
    });
  }

  /**
   * The gaps and drafts (outside the snapshot: they are not counts that must agree with the
   * others; grouped again only when their sources have changed, see `LatestGaps`) and, in the snapshot, the daily customer turns and avoidable
   * escalations by topic of the days around the articles published in the period.
   */
  private knowledgeRows(query: Query, period: DashboardPeriod): Promise<KnowledgeRows> {
    return readKnowledgeRows(
      this.gaps.read(this.options.kbNamespace ?? ''),
      period,
      async (days) => {
        const [row] = await query(
          'knowledge-counts',
          `SELECT
             (SELECT coalesce(json_agg(t ORDER BY t.day), '[]') FROM (
                SELECT to_char(day, 'YYYY-MM-DD') AS day, sum(turns) AS turns
                  FROM turn_counts_daily WHERE day >= $1 AND day < $2 GROUP BY day) t) AS turns,
             (SELECT coalesce(json_agg(a ORDER BY a.day, a.topic), '[]') FROM (
                SELECT to_char(day, 'YYYY-MM-DD') AS day, topic, sum(escalations) AS escalations
                  FROM escalation_topics_daily
                 WHERE "group" = 'avoidable' AND day >= $1 AND day < $2
                 GROUP BY day, topic) a) AS avoidable`,
          [days.fromDay, days.toDay],
        );
        return dailyCountsOf(row!.turns as Row[], row!.avoidable as Row[]);
      },
    );
  }

  /**
   * The latencies (to the ms) of the histogram buckets the percentiles fall in, and the latest
   * avoidable questions of each backlog topic, newest first: per topic one walk of the
   * `escalations_backlog` index that stops after {@link BACKLOG_QUESTIONS} (the expression
   * `coalesce(topic, 'pending')` is the index's, written as it is there).
   */
  private async details(
    query: Query,
    period: DashboardPeriod,
    days: string[],
    latency: LatencyPercentiles,
    backlogTopics: { topic: unknown }[],
  ): Promise<{ latencies: Map<number, LatencyCount[]>; questions: Map<string, unknown[]> }> {
    const buckets = latency.bucketsToRead();
    const latencies = new Map<number, LatencyCount[]>();
    const questions = new Map<string, unknown[]>();
    if (buckets.length === 0 && backlogTopics.length === 0) return { latencies, questions };
    const { from, to } = periodTimes(period);
    const [row] = await query(
      'details',
      `SELECT
         (SELECT coalesce(json_agg(l ORDER BY l.bucket, l.latency_ms), '[]') FROM (
            SELECT b.bucket, x.latency_ms, sum(x.turns) AS turns
              FROM unnest($5::smallint[]) AS b(bucket)
             CROSS JOIN LATERAL (
               ${overPeriod('turn_latencies', 'latency_ms, turns', 'bucket = b.bucket')}) x
             GROUP BY b.bucket, x.latency_ms) l) AS latencies,
         (SELECT coalesce(json_agg(q ORDER BY q.position, q.opened_at DESC, q.escalation_id DESC), '[]')
            FROM (
              SELECT t.position, t.topic, e.question, e.opened_at, e.escalation_id
                FROM unnest($8::text[]) WITH ORDINALITY AS t(topic, position)
               CROSS JOIN LATERAL (
                 SELECT question, opened_at, escalation_id FROM escalations
                  WHERE "group" = 'avoidable' AND coalesce(topic, 'pending') = t.topic
                    AND opened_at >= $6 AND opened_at < $7
                  ORDER BY opened_at DESC, escalation_id DESC
                  LIMIT ${BACKLOG_QUESTIONS}) e) q) AS questions`,
      [...days, buckets, from, to, backlogTopics.map((t) => String(t.topic))],
    );
    const add = <K, V>(map: Map<K, V[]>, key: K, value: V) => {
      const values = map.get(key);
      if (values) values.push(value);
      else map.set(key, [value]);
    };
    for (const l of row!.latencies as { bucket: number; latency_ms: number; turns: number }[])
      add(latencies, l.bucket, { latencyMs: l.latency_ms, turns: l.turns });
    for (const q of row!.questions as { topic: string; question: unknown }[])
      add(questions, q.topic, q.question);
    return { latencies, questions };
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
    // Quote every cell; a leading = + - @ would be read as a formula by spreadsheets. Numbers are
    // ours, not text anyone typed: a negative one (a rate that fell) stays a number.
    const formula = typeof value !== 'number' && /^[=+\-@]/.test(text);
    return `"${(formula ? `'${text}` : text).replace(/"/g, '""')}"`;
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
    [
      'Turn latency',
      ['from_ms', 'to_ms', 'turns'],
      data.latencyHistogram.map((bar) => [bar.fromMs, bar.toMs, bar.turns]),
    ],
    [
      'Knowledge gaps per week',
      ['week', 'opened', 'closed'],
      data.knowledge.gapsPerWeek.map((w) => [w.week, w.opened, w.closed]),
    ],
    [
      'Avoidable escalations per 100 turns, before and after each article',
      [
        'doc_id',
        'title',
        'topic',
        'published_at',
        'days_before',
        'rate_before',
        'days_after',
        'rate_after',
        'change',
        'topic_rate_before',
        'topic_rate_after',
        'topic_change',
      ],
      data.knowledge.articles.map((a) => [
        a.docId,
        a.title,
        a.topic,
        a.publishedAt,
        a.before.days,
        a.before.rate,
        a.after.days,
        a.after.rate,
        a.change.rate,
        a.before.topicRate,
        a.after.topicRate,
        a.change.topicRate,
      ]),
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

/**
 * The backlog's questions are stored sealed (what a customer wrote): opened for the admins who
 * read the dashboard, "[erased]" once their customer is forgotten.
 */
export async function withReadableBacklog(
  data: DashboardData,
  personalData: PersonalData,
): Promise<DashboardData> {
  return {
    ...data,
    backlog: await Promise.all(
      data.backlog.map(async (topic) => ({
        ...topic,
        questions: await Promise.all(
          topic.questions.map(async (q) => storableText(await personalData.readable(q))),
        ),
      })),
    ),
  };
}
