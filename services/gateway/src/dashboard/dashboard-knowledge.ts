import {
  type ArticleDraft,
  type ArticleEffect,
  articleCountDays,
  articleEffects,
  type DailyCounts,
  type DayRange,
  type GapWeek,
  gapsPerWeek,
  type AllGaps,
  type KnowledgeGap,
} from '@support/knowledge';
import type { DashboardPeriod } from './dashboard-period.js';

/** Whether the knowledge base is catching up with what customers ask. */
export interface DashboardKnowledge {
  /** Knowledge gaps opened and closed per ISO week (Monday, UTC) of the period. */
  readonly gapsPerWeek: GapWeek[];
  /**
   * The articles published from gaps in the period, newest first, with the avoidable escalations
   * per 100 customer turns in the 7 days before and after (or since) the day each was published.
   */
  readonly articles: ArticleEffect[];
}

/** What the knowledge section is computed from. */
export interface KnowledgeRows {
  readonly gaps: readonly KnowledgeGap[];
  readonly drafts: readonly ArticleDraft[];
  readonly counts: DailyCounts;
}

/** Both ways of reading the dashboard (aggregates, raw rows) end here, as {@link dashboardData}. */
export function dashboardKnowledge(
  period: DashboardPeriod,
  rows: KnowledgeRows,
): DashboardKnowledge {
  return {
    gapsPerWeek: gapsPerWeek(rows.gaps, period),
    articles: articleEffects(rows.drafts, rows.counts, period),
  };
}

/** The daily customer turns and avoidable escalations (by topic) of some days. */
export type DailyCountsReader = (days: DayRange) => Promise<DailyCounts>;

/**
 * Reads the knowledge section's rows: every gap (grouped from every answered avoidable escalation,
 * as the gaps view groups them, so a gap opened before the period keeps its id and its opening
 * day), every draft, and the daily counts of the days around the articles published in the
 * period (none read when there is no such article).
 */
export async function readKnowledgeRows(
  allGaps: Promise<AllGaps>,
  period: DashboardPeriod,
  dailyCounts: DailyCountsReader,
): Promise<KnowledgeRows> {
  const { gaps, drafts } = await allGaps;
  const days = articleCountDays(drafts, period);
  return {
    gaps,
    drafts,
    counts: days ? await dailyCounts(days) : { turns: [], avoidable: [] },
  };
}

/** Turns a query's rows (`day`, `turns`; `day`, `topic`, `escalations`) into daily counts. */
export function dailyCountsOf(
  turns: Record<string, unknown>[],
  avoidable: Record<string, unknown>[],
): DailyCounts {
  return {
    turns: turns.map((r) => ({ day: String(r.day), turns: Number(r.turns) })),
    avoidable: avoidable.map((r) => ({
      day: String(r.day),
      topic: String(r.topic),
      escalations: Number(r.escalations),
    })),
  };
}
