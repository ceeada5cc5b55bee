// Analyst dashboard: numbers from GET dashboard/data, drawn with Observable Plot (bundled, nothing
// loaded from elsewhere), each bar a link to the conversations behind it. Everything from the
// server is written as text or as SVG attributes, never as HTML.
import type { ArticleEffect } from '@support/knowledge';
import type { DashboardData } from '../../../dashboard/dashboard-queries.js';
import { byId, el } from '../shared/dom.js';
import { type PageText, pageText } from '../shared/i18n.js';
import { codeLabel } from '../shared/labels.js';
import { markLanguage } from '../shared/text-direction.js';
import { analystFetch, analystToken, DASHBOARD, wireAnalystSignIn } from './analyst-session.js';
import { type Bar, drawBarChart } from './charts.js';

const PROTOCOL = window.GatewayProtocol;
const text = pageText();
const days = byId('dash-days', HTMLInputElement);
// The period the gateway shows unless asked, and the longest it shows.
days.max = String(PROTOCOL.dashboard.maxDays);
days.defaultValue = String(PROTOCOL.dashboard.defaultDays);
let shown: DashboardData | null = null;

/** The page listing the conversations behind a bar, over the period shown. */
function barHref(selection: Record<string, string | number | null>): string {
  const url = new URL('conversations', DASHBOARD);
  url.searchParams.set('days', days.value);
  for (const [key, value] of Object.entries(selection))
    if (value !== null && value !== '') url.searchParams.set(key, String(value));
  return url.href;
}

const series = (name: string) =>
  text.has(`dashboard.series.${name}`) ? text.t(`dashboard.series.${name}` as never) : name;
const dayLabel = (day: string) =>
  text.date(`${day}T00:00:00Z`, { day: 'numeric', month: 'short', timeZone: 'UTC' });

function latencyLabel(bar: DashboardData['latencyHistogram'][number]): string {
  const ms = (n: number) =>
    text.number(n, { style: 'unit', unit: 'millisecond', unitDisplay: 'narrow' });
  if (bar.fromMs === null) return `< ${ms(bar.toMs ?? 0)}`;
  if (bar.toMs === null) return `≥ ${ms(bar.fromMs)}`;
  return `${text.number(bar.fromMs)}–${ms(bar.toMs)}`;
}

function kpi(id: string, label: Parameters<PageText['t']>[0], value: string): HTMLElement[] {
  const dd = el('dd', { id }, value);
  return [text.label(el('dt'), label), dd];
}

const count = (n: number | null | undefined) =>
  n === null || n === undefined ? '—' : text.number(n);

function renderKpis(data: DashboardData): void {
  byId('kpis').replaceChildren(
    ...kpi('kpi-turns', 'dashboard.kpi.turns', count(data.turns.total)),
    ...kpi(
      'kpi-answered',
      'dashboard.kpi.answered',
      data.turns.answeredShare === null
        ? '—'
        : text.number(data.turns.answeredShare, { style: 'percent', maximumFractionDigits: 1 }),
    ),
    ...kpi(
      'kpi-escalations',
      'dashboard.kpi.escalations',
      text.t('dashboard.kpi.escalationsValue', {
        genuine: data.escalations.genuine,
        avoidable: data.escalations.avoidable,
      }),
    ),
    ...kpi('kpi-withdrawn', 'dashboard.kpi.withdrawn', count(data.escalations.withdrawn)),
    ...kpi(
      'kpi-clarifications',
      'dashboard.kpi.clarifications',
      text.t('dashboard.kpi.clarificationsValue', { ...data.clarifications }),
    ),
    ...kpi(
      'kpi-latency',
      'dashboard.kpi.latency',
      `${count(data.latencyMs.p50)} / ${count(data.latencyMs.p95)}`,
    ),
    ...kpi(
      'kpi-retrieval',
      'dashboard.kpi.retrieval',
      `${count(data.retrieval.legTimeouts)} / ${count(data.retrieval.rerankFailOpens)}`,
    ),
  );
}

const GROUPS = ['genuine', 'avoidable'] as const;

/** A genuine and an avoidable bar for each row (a day, a topic), each linked to its escalations. */
function byGroup<R extends Record<(typeof GROUPS)[number], number>>(
  rows: readonly R[],
  labelOf: (row: R) => string,
  selection: (row: R) => Record<string, string>,
): Bar[] {
  return rows.flatMap((row) =>
    GROUPS.map((group) => ({
      label: labelOf(row),
      series: group,
      value: row[group],
      href: barHref({ ...selection(row), group }),
    })),
  );
}

function renderCharts(data: DashboardData): void {
  const groups = [...GROUPS];
  drawBarChart(
    byId('chart-days'),
    byGroup(
      data.byDay,
      (d) => d.day,
      (d) => ({ day: d.day }),
    ),
    { orientation: 'vertical', series: groups, seriesLabel: series, tickLabel: dayLabel },
    text,
  );
  drawBarChart(
    byId('chart-reasons'),
    data.byReason.map((r) => ({
      label: r.reason,
      series: r.group,
      value: r.count,
      href: barHref({ reason: r.reason }),
    })),
    {
      orientation: 'horizontal',
      series: groups,
      seriesLabel: series,
      tickLabel: (reason) => codeLabel(text, 'reason', reason),
    },
    text,
  );
  drawBarChart(
    byId('chart-topics'),
    byGroup(
      data.byTopic,
      (t) => t.topic,
      (t) => ({ topic: t.topic }),
    ),
    {
      orientation: 'horizontal',
      series: groups,
      seriesLabel: series,
      tickLabel: (topic) => codeLabel(text, 'topic', topic),
    },
    text,
  );
  drawBarChart(
    byId('chart-latency'),
    data.latencyHistogram.map((bar) => ({
      label: latencyLabel(bar),
      series: 'count',
      value: bar.turns,
      href: barHref({ latencyFrom: bar.fromMs ?? 0, latencyTo: bar.toMs }),
    })),
    { orientation: 'horizontal', series: ['count'], seriesLabel: series },
    text,
  );
  drawBarChart(
    byId('chart-gaps'),
    data.knowledge.gapsPerWeek.flatMap((w) =>
      (['opened', 'closed'] as const).map((name) => ({
        label: w.week,
        series: name,
        value: w[name],
      })),
    ),
    {
      orientation: 'vertical',
      series: ['opened', 'closed'],
      seriesLabel: series,
      tickLabel: dayLabel,
      grouped: true,
    },
    text,
  );
}

function renderBacklog(data: DashboardData): void {
  byId('backlog').replaceChildren(
    ...data.backlog.flatMap((group) => {
      const heading = el('h3');
      const link = el('a', { href: barHref({ topic: group.topic, group: 'avoidable' }) });
      link.textContent = `${codeLabel(text, 'topic', group.topic)} (${text.number(group.count)})`;
      heading.append(link);
      const list = el('ul', { 'data-topic': group.topic });
      for (const question of group.questions)
        list.append(markLanguage(el('li', {}, question), question));
      return [heading, list];
    }),
  );
}

/** A rate per 100 turns (two decimals), or a dash when the side had no turns. */
const rate = (value: number | null) =>
  value === null ? '—' : text.number(value, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const change = (value: number | null) =>
  value === null
    ? '—'
    : text.number(value, {
        minimumFractionDigits: 2,
        maximumFractionDigits: 2,
        signDisplay: 'exceptZero',
      });

function line(value: string, className: string): HTMLElement {
  return el('span', { class: className }, value);
}

function rateCell(
  side: 'before' | 'after',
  window: ArticleEffect['before'],
  topic: string,
): HTMLElement {
  const cell = el('td', {
    'data-side': side,
    'data-days': String(window.days),
    'data-rate': window.rate === null ? '' : String(window.rate),
    'data-topic-rate': window.topicRate === null ? '' : String(window.topicRate),
  });
  cell.append(
    line(rate(window.rate), 'rate'),
    line(`${codeLabel(text, 'topic', topic)}: ${rate(window.topicRate)}`, 'detail'),
    line(
      text.t('dashboard.articles.turns', { avoidable: window.avoidable, turns: window.turns }),
      'detail',
    ),
    line(text.t('dashboard.articles.days', { days: window.days }), 'detail'),
  );
  return cell;
}

function articleRow(article: ArticleEffect): HTMLElement {
  const row = el('tr', { 'data-doc-id': article.docId });
  const title = el('td', { class: 'article' });
  title.append(
    markLanguage(line(article.title, 'title'), article.title),
    line(
      text.t('dashboard.articles.published', {
        topic: codeLabel(text, 'topic', article.topic),
        day: new Date(article.publishedAt),
      }),
      'detail',
    ),
  );
  const changed = el('td', {
    'data-side': 'change',
    'data-rate': article.change.rate === null ? '' : String(article.change.rate),
    'data-topic-rate': article.change.topicRate === null ? '' : String(article.change.topicRate),
  });
  changed.append(
    line(change(article.change.rate), 'rate'),
    line(
      `${codeLabel(text, 'topic', article.topic)}: ${change(article.change.topicRate)}`,
      'detail',
    ),
  );
  row.append(
    title,
    rateCell('before', article.before, article.topic),
    rateCell('after', article.after, article.topic),
    changed,
  );
  return row;
}

function render(data: DashboardData): void {
  shown = data;
  byId('dash').hidden = false;
  renderKpis(data);
  renderCharts(data);
  renderBacklog(data);
  byId('articles', HTMLTableElement).tBodies[0]!.replaceChildren(
    ...data.knowledge.articles.map(articleRow),
  );
  byId('articles-empty').hidden = data.knowledge.articles.length > 0;
}

function showSignIn(visible: boolean): void {
  byId('dash-login').hidden = !visible;
  byId('dash-token-login').hidden = !visible;
}

async function load(): Promise<void> {
  const error = byId('dash-error');
  const period = Number(days.value);
  if (!Number.isInteger(period) || period < 1 || period > PROTOCOL.dashboard.maxDays) {
    text.label(error, 'dashboard.badDays', { max: PROTOCOL.dashboard.maxDays });
    error.hidden = false;
    return;
  }
  try {
    error.hidden = true;
    render(await (await analystFetch('data', { days: days.value })).json());
    showSignIn(false);
  } catch (caught) {
    const failure = caught as Error & { signIn?: boolean };
    showSignIn(!!failure.signIn);
    if (failure.signIn) text.label(error, 'dashboard.signInFirst');
    else text.label(error, 'dashboard.refused', { reason: failure.message });
    error.hidden = false;
  }
}

wireAnalystSignIn(load);
byId('dash-refresh').addEventListener('click', () => void load());
byId('dash-csv').addEventListener('click', async () => {
  const blob = await (await analystFetch('export.csv', { days: days.value })).blob();
  const link = el('a', { download: 'support-dashboard.csv' });
  link.href = URL.createObjectURL(blob);
  link.click();
});
text.onChange(() => {
  if (shown) render(shown);
});
if (analystToken()) void load();
