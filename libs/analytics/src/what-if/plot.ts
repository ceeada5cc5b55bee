import type { SweepRow } from './what-if.js';

export interface PlotOptions {
  /** Plot rows (the y resolution); default 10. */
  readonly height?: number;
  /** A floor to mark on the x axis with `^`, e.g. the current one. */
  readonly mark?: number;
}

const percent = (rate: number) => `${Math.round(rate * 100)}%`.padStart(4);

/**
 * An ASCII plot of escalation rate (y, 0-100%) against floor (x, one column per sweep row), for
 * the terminal. Each column shows a `*` at its rate, with `.` below it.
 */
export function plotSweep(rows: readonly SweepRow[], options: PlotOptions = {}): string {
  if (rows.length === 0) return '(no sweep rows)\n';
  const height = Math.max(2, options.height ?? 10);
  const colWidth = rows.length <= 30 ? 2 : 1;
  const levels = rows.map((r) => Math.round(r.escalationRate * height));
  const lines: string[] = ['escalation rate'];
  for (let level = height; level >= 0; level--) {
    const labelled =
      level === 0 || level === height || Math.round((level / height) * 100) % 20 === 0;
    const label = labelled ? percent(level / height) : '    ';
    const cells = levels.map((l) => (l === level ? '*' : l > level ? '.' : ' ').padEnd(colWidth));
    lines.push(`${label} |${cells.join('').trimEnd()}`);
  }
  const width = rows.length * colWidth;
  lines.push(`     +${'-'.repeat(width)}`);
  if (options.mark !== undefined) {
    const at = nearestIndex(rows, options.mark);
    lines.push(`      ${' '.repeat(at * colWidth)}^ ${options.mark} (current)`);
  }
  const first = String(rows[0]!.floor);
  const last = String(rows.at(-1)!.floor);
  const gap = Math.max(1, width - first.length - last.length);
  lines.push(`      ${first}${' '.repeat(gap)}${last}   floor`);
  return lines.join('\n') + '\n';
}

function nearestIndex(rows: readonly SweepRow[], floor: number): number {
  let best = 0;
  for (let i = 1; i < rows.length; i++)
    if (Math.abs(rows[i]!.floor - floor) < Math.abs(rows[best]!.floor - floor)) best = i;
  return best;
}

/** The sweep as an aligned text table. */
export function formatSweepTable(rows: readonly SweepRow[]): string {
  const header = [
    'floor',
    'escalated',
    'rate',
    'below_floor',
    'newly_escalated',
    'would_reach_model',
  ];
  const body = rows.map((r) => [
    r.floor.toFixed(3),
    String(r.escalated),
    `${(r.escalationRate * 100).toFixed(1)}%`,
    String(r.belowFloor),
    String(r.newlyEscalated),
    String(r.newlyAnswered),
  ]);
  return formatTable(header, body);
}

export function formatTable(header: readonly string[], body: readonly string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((row) => row[i]!.length)));
  const line = (cells: readonly string[]) => cells.map((c, i) => c.padStart(widths[i]!)).join('  ');
  return (
    [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...body.map(line)].join('\n') + '\n'
  );
}
