import * as Plot from '@observablehq/plot';
import type { PageText } from '../shared/i18n.js';

/** The series colours, the same on every chart and in its legend (colour-blind safe pairs). */
export const SERIES_COLOURS: Readonly<Record<string, string>> = {
  genuine: '#2f7d4f',
  avoidable: '#d08400',
  count: '#5a6fb0',
  opened: '#d08400',
  closed: '#2f7d4f',
};

export interface Bar {
  /** What the axis shows for the bar (a day, a reason, a topic, a range of ms). */
  readonly label: string;
  /** Which series it belongs to (`genuine`, `avoidable`, `count`, ...). */
  readonly series: string;
  readonly value: number;
  /** Where its conversations are listed; none for a bar with no conversations behind it. */
  readonly href?: string;
}

export interface ChartOptions {
  /** `horizontal`: one row per label (categories); `vertical`: one column per label (days). */
  readonly orientation: 'horizontal' | 'vertical';
  /** The series in the order they stack and the legend lists them. */
  readonly series: readonly string[];
  /** The series' names as the legend shows them. */
  readonly seriesLabel: (series: string) => string;
  /** How an axis shows a label (a day as "3 Dec"). */
  readonly tickLabel?: (label: string) => string;
  /** Series side by side rather than stacked. */
  readonly grouped?: boolean;
}

const FONT_PX = 13;

/**
 * A bar chart drawn by Observable Plot at its card's real width (redrawn when the card changes
 * size), so its text stays at 13 px on a phone and on a desktop; with a legend of the series'
 * colours, a tooltip with each bar's number, and each bar a link to the conversations behind it.
 * In a right-to-left page the category bars grow from the right, their labels on the right.
 */
export function drawBarChart(
  container: HTMLElement,
  bars: readonly Bar[],
  options: ChartOptions,
  text: PageText,
): void {
  const draw = () => {
    const width = Math.max(260, Math.floor(container.clientWidth));
    // A zero draws nothing and links to nothing; its label stays on the axis.
    const drawn = bars.filter((bar) => bar.value > 0);
    const chart = barChart(bars, drawn, options, text, width);
    markBars(chart, drawn);
    container.replaceChildren(chart);
  };
  draw();
  const previous = (container as { chartResize?: ResizeObserver }).chartResize;
  previous?.disconnect();
  let lastWidth = container.clientWidth;
  const resize = new ResizeObserver(() => {
    if (Math.abs(container.clientWidth - lastWidth) < 8) return;
    lastWidth = container.clientWidth;
    draw();
  });
  resize.observe(container);
  (container as { chartResize?: ResizeObserver }).chartResize = resize;
}

function barChart(
  bars: readonly Bar[],
  drawn: readonly Bar[],
  options: ChartOptions,
  text: PageText,
  width: number,
): HTMLElement | SVGSVGElement {
  const rtl = text.language === 'ar';
  const labels = [...new Set(bars.map((b) => b.label))];
  const tick = options.tickLabel ?? ((label: string) => label);
  const number = (n: number) => text.number(n);
  const title = (b: Bar) =>
    `${tick(b.label)}\n${options.seriesLabel(b.series)}: ${number(b.value)}`;
  const common = {
    fill: 'series',
    title,
    href: (b: Bar) => b.href ?? null,
    ariaLabel: title,
  } as const;
  const legend = options.series.length > 1;
  const color = {
    domain: [...options.series],
    range: options.series.map((s) => SERIES_COLOURS[s] ?? '#777'),
    legend,
    tickFormat: options.seriesLabel,
  };
  const style = { fontSize: `${FONT_PX}px`, fontFamily: 'inherit', overflow: 'visible' };
  // Never a scale of nothing: a chart of zeros still has an axis from 0 to 1.
  const top = Math.max(1, ...(options.grouped ? bars : totals(bars)).map((bar) => bar.value));
  if (options.orientation === 'horizontal') {
    // Each label above its bar, across the card's width: long labels ("No article answered well
    // enough") stay whole on a phone. In a right-to-left page the bars grow from the right.
    const rowHeight = 48;
    const band = rowHeight * 0.9;
    return Plot.plot({
      width,
      height: labels.length * rowHeight + 40,
      style,
      color,
      marginLeft: rtl ? 40 : 12,
      marginRight: rtl ? 12 : 40,
      marginTop: 8,
      x: {
        grid: true,
        label: null,
        tickFormat: number,
        reverse: rtl,
        domain: [0, top],
        nice: true,
        // Whole numbers only: these are counts.
        ticks: Math.min(5, top),
      },
      y: { domain: labels, label: null, axis: null, padding: 0.1 },
      marks: [
        Plot.barX(
          drawn,
          Plot.stackX({
            x: 'value',
            y: 'label',
            order: [...options.series],
            insetTop: 20,
            ...common,
          }),
        ),
        Plot.ruleX([0]),
        Plot.text(labels, {
          x: 0,
          y: (label: string) => label,
          text: tick,
          lineAnchor: 'top',
          dy: -band / 2 + 1,
          textAnchor: rtl ? 'end' : 'start',
          fill: 'currentColor',
        }),
        Plot.text(totals(bars), {
          x: 'value',
          y: 'label',
          text: (t: { value: number }) => number(t.value),
          textAnchor: rtl ? 'end' : 'start',
          dx: rtl ? -4 : 4,
          dy: 10,
          fill: 'currentColor',
        }),
      ],
    }) as HTMLElement;
  }
  // Days (or weeks) along the bottom; side by side series share a day's column.
  const crowded = labels.length * 80 > width;
  // A few days still get slim columns (at most 56 px), not one bar across the card.
  const padding = Math.min(0.9, Math.max(0.1, 1 - (56 * labels.length) / width));
  // Whole numbers only: these are counts.
  const y = {
    grid: true,
    label: null,
    tickFormat: number,
    nice: true,
    domain: [0, top],
    ticks: Math.min(5, top),
  };
  return Plot.plot({
    width,
    height: 260,
    style,
    color,
    marginBottom: crowded ? 56 : 36,
    ...(options.grouped
      ? {
          fx: { domain: labels, label: null, tickFormat: tick, tickRotate: crowded ? -45 : 0 },
          x: { domain: [...options.series], axis: null, paddingOuter: 0.2 },
          y,
          marks: [
            Plot.barY(drawn, { fx: 'label', x: 'series', y: 'value', ...common }),
            Plot.ruleY([0]),
          ],
        }
      : {
          x: {
            domain: labels,
            label: null,
            tickFormat: tick,
            tickRotate: crowded ? -45 : 0,
            padding,
          },
          y,
          marks: [
            Plot.barY(
              drawn,
              Plot.stackY({ x: 'label', y: 'value', order: [...options.series], ...common }),
            ),
            Plot.ruleY([0]),
          ],
        }),
  }) as HTMLElement;
}

/**
 * Names each drawn bar after what it shows (`data-label`, `data-series`, `data-value`), for
 * whoever reads the page's markup: Plot draws one `rect` per datum and keeps the datum's index on
 * it, as d3 does.
 */
function markBars(chart: Element, bars: readonly Bar[]): void {
  for (const rect of chart.querySelectorAll<SVGRectElement>('g[aria-label="bar"] rect')) {
    const bar = bars[(rect as unknown as { __data__: number }).__data__];
    if (!bar) continue;
    rect.dataset.label = bar.label;
    rect.dataset.series = bar.series;
    rect.dataset.value = String(bar.value);
  }
}

/** Each label's total, written at the end of its bar. */
function totals(bars: readonly Bar[]): { label: string; value: number }[] {
  const sums = new Map<string, number>();
  for (const bar of bars) sums.set(bar.label, (sums.get(bar.label) ?? 0) + bar.value);
  return [...sums].map(([label, value]) => ({ label, value }));
}
