export type {
  GapQuestion,
  GapReply,
  GapStatus,
  KnowledgeDraft,
  KnowledgeGap,
} from './knowledge-gap.js';
export { type AllGaps, readGaps } from './grouping/read-gaps.js';
export {
  type AcceptedClarification,
  groupWordingGaps,
  type WordingGap,
} from './grouping/wording-gaps.js';
export { LatestGaps, type StampedKnowledgeSources } from './grouping/latest-gaps.js';
export { type DraftContent } from './drafting/draft-from-gap.js';
export type { KnowledgeSources } from './ports/knowledge-sources.js';
export type { KnowledgeEventSink } from './ports/knowledge-event-sink.js';
export { KnowledgeGaps, type DraftEdits, type KnowledgeGapsOptions } from './knowledge-gaps.js';
export {
  type ArticleDraft,
  type ArticleEffect,
  articleCountDays,
  articleEffects,
  type DailyAvoidable,
  type DailyCounts,
  type DailyTurns,
  type RateWindow,
} from './trends/article-effects.js';
export type { DayRange } from './trends/day-range.js';
export { type GapWeek, gapsPerWeek } from './trends/gaps-per-week.js';
