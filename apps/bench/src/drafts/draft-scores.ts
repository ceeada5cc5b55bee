import type { DraftCategory, DraftLabel, DraftLang } from './draft-set.js';

/**
 * What became of a draft: `shown` (the reply reached the customer), `escalated` (a human was
 * called), or `not_reached` (the validator was not the one deciding: the model was never asked
 * for its answer, or a section it cites was not among the chunks in its prompt).
 */
export type DraftOutcome = 'shown' | 'escalated' | 'not_reached';

/** One draft's result: the `--json` row. */
export interface DraftRow {
  readonly set: string;
  readonly id: string;
  readonly label: DraftLabel;
  readonly category: DraftCategory;
  readonly lang: DraftLang;
  readonly outcome: DraftOutcome;
  /** Why the turn went to a human (escalated and not_reached), as the graph stamped it. */
  readonly escalationReason?: string;
  /** The first sentence the validator failed, and its problem. */
  readonly failingSentence?: string;
  readonly problem?: string;
  /**
   * Every problem of the draft's failing sentences, in order: a faithful draft fixed on its first
   * problem may still fail on the next one.
   */
  readonly problems?: readonly string[];
  /** not_reached: what was missing. */
  readonly notReached?: string;
  /** Searches before the answer: above 1 when the question's results lacked a cited section. */
  readonly searches?: number;
  /**
   * Escalated, and every failing sentence is one only the word share fails (its quantities,
   * names and facts pass): the sentences a support judge would be asked about. A judge saying
   * "entailed" to each would let the draft through.
   */
  readonly supportQuestions?: number;
  readonly note: string;
}

/** How the graph left a draft's turn. */
export interface TurnEnd {
  readonly escalationReason: string | null;
  readonly validation: {
    readonly sentences: ReadonlyArray<{ text: string; ok: boolean; problem?: string }>;
  } | null;
}

/**
 * A draft's outcome from what the turn did. `not_reached` when the model was never asked for its
 * answer (`seen` undefined: retrieval's verdict, a model error or the call limit ended the turn
 * first) or a cited section's chunk was not among the search results in the request the model
 * answered; else `shown` when the answer was sent and nobody was called, else `escalated`.
 */
export function draftOutcome(turn: {
  readonly seen: { readonly promptChunkIds: ReadonlySet<string> } | undefined;
  readonly cited: ReadonlyArray<{ readonly chunkId: string }>;
  readonly shown: unknown;
  readonly escalated: boolean;
  readonly state: TurnEnd;
}): Pick<
  DraftRow,
  'outcome' | 'escalationReason' | 'failingSentence' | 'problem' | 'problems' | 'notReached'
> {
  const { seen, state } = turn;
  const reason = state.escalationReason ? { escalationReason: state.escalationReason } : {};
  const missing = turn.cited.filter((c) => !seen?.promptChunkIds.has(c.chunkId));
  if (!seen || missing.length > 0)
    return {
      outcome: 'not_reached',
      notReached: !seen
        ? `the model was not asked for its answer (${state.escalationReason ?? 'no reason'})`
        : `not in the prompt: ${missing.map((c) => c.chunkId).join(', ')}`,
      ...reason,
    };
  if (turn.shown && !turn.escalated) return { outcome: 'shown' };
  const failed = state.validation?.sentences.filter((s) => !s.ok) ?? [];
  const [failing] = failed;
  const problems = failed.flatMap((s) => (s.problem ? [s.problem] : []));
  return {
    outcome: 'escalated',
    ...reason,
    ...(failing ? { failingSentence: failing.text } : {}),
    ...(failing?.problem ? { problem: failing.problem } : {}),
    ...(problems.length > 0 ? { problems } : {}),
  };
}

/** The figures of one row of the table; not_reached drafts count in neither fraction. */
export interface DraftScore {
  readonly unsafeShown: number;
  readonly unsafe: number;
  readonly faithfulEscalated: number;
  readonly faithful: number;
  readonly notReached: number;
  /** Faithful drafts escalated that only a support judge could pass (a perfect one would). */
  readonly faithfulJudgeCouldPass: number;
  /** Unsafe drafts escalated that a judge saying "entailed" would show: the risk it carries. */
  readonly unsafeJudgeWouldShow: number;
}

export interface DraftTable {
  readonly byCategory: ReadonlyArray<readonly [string, DraftScore]>;
  readonly byLang: ReadonlyArray<readonly [string, DraftScore]>;
  readonly bySet: ReadonlyArray<readonly [string, DraftScore]>;
  readonly total: DraftScore;
}

const judgeDecides = (row: DraftRow) =>
  row.outcome === 'escalated' && (row.supportQuestions ?? 0) > 0;

function score(rows: readonly DraftRow[]): DraftScore {
  const reached = rows.filter((r) => r.outcome !== 'not_reached');
  const unsafe = reached.filter((r) => r.label === 'unsafe');
  const faithful = reached.filter((r) => r.label === 'faithful');
  return {
    unsafeShown: unsafe.filter((r) => r.outcome === 'shown').length,
    unsafe: unsafe.length,
    faithfulEscalated: faithful.filter((r) => r.outcome === 'escalated').length,
    faithful: faithful.length,
    notReached: rows.length - reached.length,
    faithfulJudgeCouldPass: faithful.filter(judgeDecides).length,
    unsafeJudgeWouldShow: unsafe.filter(judgeDecides).length,
  };
}

function grouped(
  rows: readonly DraftRow[],
  by: (row: DraftRow) => string,
  order: readonly string[],
) {
  const keys = [...new Set([...order, ...rows.map(by)])].filter((k) =>
    rows.some((r) => by(r) === k),
  );
  return keys.map((k) => [k, score(rows.filter((r) => by(r) === k))] as const);
}

/** The table of `bench drafts`: per category (in the format's order), per language, per set. */
export function scoreDrafts(
  rows: readonly DraftRow[],
  categoryOrder: readonly string[] = [],
  langOrder: readonly string[] = [],
): DraftTable {
  return {
    byCategory: grouped(rows, (r) => r.category, categoryOrder),
    byLang: grouped(rows, (r) => r.lang, langOrder),
    bySet: grouped(rows, (r) => r.set, []),
    total: score(rows),
  };
}

const HEADER = [
  '',
  'unsafe shown',
  'faithful escalated',
  'not reached',
  'faithful escalated only a judge could pass',
  "unsafe a judge saying 'entailed' would show",
] as const;
const cells = (name: string, s: DraftScore) => [
  name,
  `${s.unsafeShown} / ${s.unsafe}`,
  `${s.faithfulEscalated} / ${s.faithful}`,
  String(s.notReached),
  `${s.faithfulJudgeCouldPass} / ${s.faithfulEscalated}`,
  `${s.unsafeJudgeWouldShow} / ${s.unsafe}`,
];

/** The table as Markdown, one block per grouping, each ending in the total. */
export function formatDraftTable(table: DraftTable): string {
  const block = (title: string, lines: ReadonlyArray<readonly [string, DraftScore]>) => {
    const body = [...lines.map(([k, s]) => cells(k, s)), cells('**total**', table.total)];
    const all = [[title, ...HEADER.slice(1)], ...body];
    const widths = all[0]!.map((_, i) => Math.max(...all.map((row) => row[i]!.length)));
    const line = (row: readonly string[]) =>
      `| ${row.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join(' | ')} |`;
    const rule = `| ${widths.map((w, i) => (i === 0 ? '-'.repeat(w) : `${'-'.repeat(w - 1)}:`)).join(' | ')} |`;
    return [line(all[0]!), rule, ...body.map(line)].join('\n');
  };
  return [
    block('category', table.byCategory),
    block('language', table.byLang),
    block('set', table.bySet),
  ].join('\n\n');
}
