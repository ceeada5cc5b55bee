import type { KnowledgeDraft } from '../knowledge-gap.js';
import { addDays, type DayRange, daysBetween, utcDay } from './day-range.js';

/** Days compared on each side of an article's publishing. */
export const EFFECT_WINDOW_DAYS = 7;

/** A draft as the trends read it: a published one is an article. */
export type ArticleDraft = Pick<
  KnowledgeDraft,
  'draftId' | 'gapId' | 'docId' | 'title' | 'topic' | 'status' | 'publishedAt'
>;

/** Customer turns started on a UTC day. */
export interface DailyTurns {
  readonly day: string;
  readonly turns: number;
}

/** Avoidable escalations opened on a UTC day in one topic. */
export interface DailyAvoidable {
  readonly day: string;
  readonly topic: string;
  readonly escalations: number;
}

/** The daily counts the rates are computed from (days without a row count zero). */
export interface DailyCounts {
  readonly turns: readonly DailyTurns[];
  readonly avoidable: readonly DailyAvoidable[];
}

/** Avoidable escalations per 100 customer turns over some whole UTC days. */
export interface RateWindow extends DayRange {
  /** How many days the window covers: fewer than 7 after an article published days ago. */
  readonly days: number;
  readonly turns: number;
  /** Avoidable escalations, shop-wide and in the article's topic. */
  readonly avoidable: number;
  readonly topicAvoidable: number;
  /** Per 100 customer turns, to 2 decimals; null when the window had no turns (or no days). */
  readonly rate: number | null;
  /** The article's topic's avoidable escalations per 100 customer turns (of every topic). */
  readonly topicRate: number | null;
}

/** One published article and the avoidable-escalation rate before and after it. */
export interface ArticleEffect {
  readonly docId: string;
  readonly draftId: string;
  readonly gapId: string;
  readonly title: string;
  readonly topic: string;
  readonly publishedAt: string;
  readonly before: RateWindow;
  readonly after: RateWindow;
  /** After minus before, as the two rates are shown; null when either is. */
  readonly change: { readonly rate: number | null; readonly topicRate: number | null };
}

type Article = ArticleDraft & { docId: string; publishedAt: string };

/** The articles published in the period, newest first. */
function publishedIn(drafts: readonly ArticleDraft[], period: DayRange): Article[] {
  return drafts
    .filter((d): d is Article => d.status === 'published' && d.docId !== null && !!d.publishedAt)
    .filter((d) => utcDay(d.publishedAt) >= period.fromDay && utcDay(d.publishedAt) < period.toDay)
    .sort(
      (a, b) => b.publishedAt.localeCompare(a.publishedAt) || a.draftId.localeCompare(b.draftId),
    );
}

/**
 * The two windows of an article: the 7 whole days before the day it was published, and the 7
 * after that day (fewer when the period ends sooner: the days since). The day of publishing
 * counts on neither side: the counts are daily, and part of that day was before the article.
 */
function windowsOf(article: Article, period: DayRange): { before: DayRange; after: DayRange } {
  const day = utcDay(article.publishedAt);
  const afterFrom = addDays(day, 1);
  const afterTo = addDays(day, 1 + EFFECT_WINDOW_DAYS);
  return {
    before: { fromDay: addDays(day, -EFFECT_WINDOW_DAYS), toDay: day },
    after: { fromDay: afterFrom, toDay: afterTo < period.toDay ? afterTo : period.toDay },
  };
}

/**
 * The days whose counts {@link articleEffects} reads for the articles published in the period,
 * or null when there is none: the one range to query.
 */
export function articleCountDays(
  drafts: readonly ArticleDraft[],
  period: DayRange,
): DayRange | null {
  const windows = publishedIn(drafts, period).map((article) => windowsOf(article, period));
  if (windows.length === 0) return null;
  return {
    fromDay: windows.map((w) => w.before.fromDay).reduce((a, b) => (a < b ? a : b)),
    toDay: windows.map((w) => w.after.toDay).reduce((a, b) => (a > b ? a : b)),
  };
}

const per100 = (count: number, turns: number) =>
  turns === 0 ? null : Math.round((count * 100 * 100) / turns) / 100;
const difference = (after: number | null, before: number | null) =>
  after === null || before === null ? null : Math.round((after - before) * 100) / 100;

function rateWindow(range: DayRange, topic: string, counts: DailyCounts): RateWindow {
  const inside = (day: string) => day >= range.fromDay && day < range.toDay;
  const sum = (values: number[]) => values.reduce((n, v) => n + v, 0);
  const turns = sum(counts.turns.filter((t) => inside(t.day)).map((t) => t.turns));
  const avoidable = counts.avoidable.filter((a) => inside(a.day));
  const shopWide = sum(avoidable.map((a) => a.escalations));
  const inTopic = sum(avoidable.filter((a) => a.topic === topic).map((a) => a.escalations));
  return {
    ...range,
    days: Math.max(0, daysBetween(range.fromDay, range.toDay)),
    turns,
    avoidable: shopWide,
    topicAvoidable: inTopic,
    rate: per100(shopWide, turns),
    topicRate: per100(inTopic, turns),
  };
}

/**
 * For each article published in the period (newest first), the avoidable escalations per 100
 * customer turns in the 7 days before it and the 7 days after it (or the days since, when the
 * period ends sooner), shop-wide and in the article's topic. Turns have no topic, so the topic's
 * rate is per 100 turns of the whole shop as well: the two rates add up across topics.
 */
export function articleEffects(
  drafts: readonly ArticleDraft[],
  counts: DailyCounts,
  period: DayRange,
): ArticleEffect[] {
  return publishedIn(drafts, period).map((article) => {
    const windows = windowsOf(article, period);
    const before = rateWindow(windows.before, article.topic, counts);
    const after = rateWindow(windows.after, article.topic, counts);
    return {
      docId: article.docId,
      draftId: article.draftId,
      gapId: article.gapId,
      title: article.title,
      topic: article.topic,
      publishedAt: article.publishedAt,
      before,
      after,
      change: {
        rate: difference(after.rate, before.rate),
        topicRate: difference(after.topicRate, before.topicRate),
      },
    };
  });
}
