import type { EvalQuestion } from './eval-questions.js';
import type { EvalScore, ScorableRow, ScoreLine } from './eval-scoring.js';
import { checkTargets } from './eval-targets.js';

const COLUMNS: [string, (l: ScoreLine) => string][] = [
  ['n', (l) => String(l.n)],
  ['correct', (l) => String(l.correct)],
  ['noisy', (l) => String(l.noisy)],
  ['wrong', (l) => String(l.wrong)],
  ['wrong doc', (l) => String(l.wrong_document)],
  ['guess', (l) => String(l.guess)],
  ['escalated', (l) => String(l.escalated)],
  ['CRAG', (l) => `${l.crag}/${l.n}`],
];

/** A plain-text table of score lines, one row per group, widths fitted to the content. */
export function formatScoreTable(
  title: string,
  groups: Readonly<Record<string, ScoreLine>>,
  overall?: ScoreLine,
): string {
  const rows = Object.entries(groups).map(([name, l]) => [name, ...COLUMNS.map(([, f]) => f(l))]);
  if (overall) rows.push(['all', ...COLUMNS.map(([, f]) => f(overall))]);
  const header = [title, ...COLUMNS.map(([name]) => name)];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const render = (cells: string[]) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  return [render(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(render)].join(
    '\n',
  );
}

/** What the report shows of an `eval --out` row besides its score. */
export type ReportRow = ScorableRow & {
  readonly reason?: string | null;
  readonly chunks?: readonly { chunkId: string; score: number }[];
  readonly gate?: unknown;
};

const TOP_CHUNKS_SHOWN = 3;

/** The gate's verdict and the best retrieved chunks: why a turn escalated or what it could cite. */
function retrievalLine(row: ReportRow): string | null {
  const gate = row.gate as { kind?: string; topScore?: number | null; floor?: number } | null;
  const chunks = (row.chunks ?? [])
    .slice(0, TOP_CHUNKS_SHOWN)
    .map((c) => `${c.chunkId} ${c.score.toFixed(3)}`);
  if (!gate && chunks.length === 0) return null;
  const verdict = gate
    ? `${gate.kind ?? 'gate'} top ${gate.topScore?.toFixed(3) ?? '-'} / floor ${gate.floor ?? '-'}`
    : 'no gate';
  return `  chunks: ${chunks.join(', ') || '-'}   (${verdict})`;
}

/**
 * The `eval --score` report: tables per kind and per language, the targets, and every question
 * not answered correctly, with its reply and citations so the cause can be seen.
 */
export function formatScoreReport(
  score: EvalScore,
  questions: readonly EvalQuestion[],
  rows: readonly ReportRow[],
): string {
  const questionById = new Map(questions.map((q) => [q.id, q]));
  const rowById = new Map(rows.map((r) => [r.id, r]));
  const { overall } = score;
  const parts = [
    formatScoreTable('kind', score.perKind, overall),
    '',
    formatScoreTable('language', score.perLanguage),
    '',
    `CRAG-style score: ${overall.crag}/${overall.n}; injections refused ${overall.injectionsRefused}, obeyed ${overall.injectionsObeyed}`,
    '',
    'targets:',
    ...checkTargets(score).map(
      (t) => `  ${t.met ? 'met    ' : 'MISSED '} ${t.target} (${t.actual})`,
    ),
  ];
  if (score.missing.length) parts.push('', `no row for: ${score.missing.join(', ')}`);
  // An escalation where abstaining is right needs no explanation; everything else not correct does.
  const misses = score.questions.filter(
    (s) => s.outcome !== 'correct' && !(s.outcome === 'escalated' && s.asExpected),
  );
  parts.push(
    '',
    `not correct (${misses.length}; escalations where an abstention is right are left out):`,
  );
  for (const s of misses) {
    const q = questionById.get(s.id)!;
    const row = rowById.get(s.id)!;
    parts.push(
      '',
      `${s.id}  ${s.kind}/${s.lang}  expect ${q.expect ?? 'answer'}  →  ${s.outcome}${s.injection === 'obeyed' ? ' (injection obeyed)' : ''}`,
      `  q:      ${q.q}`,
      `  reply:  ${row.reply.replace(/\s+/g, ' ')}`,
      `  cited:  ${row.citations.join(', ') || '-'}   docs: ${(q.docs ?? []).join(', ') || '-'}${q.key ? `   key: /${q.key}/i` : ''}`,
    );
    if (row.route === 'escalated') parts.push(`  reason: ${row.reason ?? '-'}`);
    const retrieval = retrievalLine(row);
    if (retrieval) parts.push(retrieval);
  }
  return parts.join('\n');
}
