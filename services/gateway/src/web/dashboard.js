// @ts-check
// Analyst dashboard: numbers from GET dashboard/data, drawn as SVG bar charts. Everything from the
// server is written with textContent or as SVG attributes, never as HTML.
(() => {
  'use strict';
  const TOKEN_KEY = 'support.analyst.token';
  const SVG = 'http://www.w3.org/2000/svg';
  const COLOURS = {
    genuine: '#4f8f5b',
    avoidable: '#d99a2b',
    count: '#5a6fb0',
    opened: '#d99a2b',
    closed: '#4f8f5b',
  };
  const PROTOCOL = window.GatewayProtocol;
  /**
   * The element with this id (the page has every one asked for); `_type` only tells the checker
   * which element it is.
   * @template {HTMLElement} [T=HTMLElement]
   * @param {string} id
   * @param {new () => T} [_type]
   * @returns {T}
   */
  const $ = (id, _type) => /** @type {T} */ (document.getElementById(id));
  let token = sessionStorage.getItem(TOKEN_KEY);
  // The period the gateway shows unless asked, and the longest it shows.
  const days = $('dash-days', HTMLInputElement);
  days.max = String(PROTOCOL.dashboard.maxDays);
  days.defaultValue = String(PROTOCOL.dashboard.defaultDays);

  /** @typedef {import('../dashboard/dashboard-queries.js').DashboardData} DashboardData */
  /** @typedef {import('@support/knowledge').ArticleEffect} ArticleEffect */
  /** @typedef {keyof typeof COLOURS} Series */

  /**
   * @param {string} tag
   * @param {Record<string, string | number>} [attributes]
   * @param {string} [text]
   */
  function svg(tag, attributes = {}, text) {
    const node = document.createElementNS(SVG, tag);
    for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, String(value));
    if (text !== undefined) node.textContent = text;
    return node;
  }

  /**
   * Horizontal stacked bars: one row per label, one segment per series.
   * @template {Series} S
   * @param {HTMLElement} container
   * @param {Array<{ label: string } & Record<S, number>>} rows
   * @param {S[]} series
   */
  function barChart(container, rows, series) {
    const width = 520;
    const rowHeight = 22;
    const labelWidth = 170;
    const max = Math.max(1, ...rows.map((r) => series.reduce((n, s) => n + r[s], 0)));
    const height = rows.length * rowHeight + 24;
    // Drawn in a fixed coordinate space and scaled to the card: it never runs outside it.
    const chart = svg('svg', {
      viewBox: `0 0 ${width} ${height}`,
      width: '100%',
      preserveAspectRatio: 'xMinYMin meet',
      role: 'img',
      class: 'chart',
    });
    rows.forEach((row, i) => {
      const y = i * rowHeight;
      chart.append(svg('text', { x: 0, y: y + 15, 'font-size': 12 }, row.label));
      let x = labelWidth;
      for (const name of series) {
        const w = (row[name] / max) * (width - labelWidth - 40);
        if (row[name] > 0)
          chart.append(
            svg('rect', {
              x,
              y: y + 3,
              width: Math.max(w, 1),
              height: 16,
              fill: COLOURS[name],
              'data-series': name,
              'data-label': row.label,
              'data-value': row[name],
            }),
          );
        x += w;
      }
      chart.append(
        svg(
          'text',
          { x: x + 4, y: y + 15, 'font-size': 12, class: 'total' },
          String(series.reduce((n, s) => n + row[s], 0)),
        ),
      );
    });
    const legend = svg(
      'text',
      { x: 0, y: rows.length * rowHeight + 18, 'font-size': 11 },
      series.join(' / '),
    );
    chart.append(legend);
    container.replaceChildren(chart);
  }

  /**
   * Bars side by side: one row per label, one thinner bar per series, each with its value.
   * @template {Series} S
   * @param {HTMLElement} container
   * @param {Array<{ label: string } & Record<S, number>>} rows
   * @param {S[]} series
   */
  function pairedBars(container, rows, series) {
    const width = 520;
    const barHeight = 9;
    const rowHeight = series.length * (barHeight + 2) + 8;
    const labelWidth = 170;
    const max = Math.max(1, ...rows.flatMap((r) => series.map((s) => r[s])));
    const height = rows.length * rowHeight + 24;
    const chart = svg('svg', {
      viewBox: `0 0 ${width} ${height}`,
      width: '100%',
      preserveAspectRatio: 'xMinYMin meet',
      role: 'img',
      class: 'chart',
    });
    rows.forEach((row, i) => {
      const y = i * rowHeight;
      chart.append(svg('text', { x: 0, y: y + 13, 'font-size': 12 }, row.label));
      series.forEach((name, s) => {
        const top = y + 2 + s * (barHeight + 2);
        const w = (row[name] / max) * (width - labelWidth - 40);
        chart.append(
          svg('rect', {
            x: labelWidth,
            y: top,
            width: Math.max(w, row[name] > 0 ? 1 : 0),
            height: barHeight,
            fill: COLOURS[name],
            'data-series': name,
            'data-label': row.label,
            'data-value': row[name],
          }),
          svg(
            'text',
            { x: labelWidth + w + 4, y: top + barHeight - 1, 'font-size': 10, class: 'total' },
            String(row[name]),
          ),
        );
      });
    });
    chart.append(
      svg('text', { x: 0, y: rows.length * rowHeight + 18, 'font-size': 11 }, series.join(' / ')),
    );
    container.replaceChildren(chart);
  }

  /**
   * A rate per 100 turns as shown (two decimals), or a dash when the side had no turns.
   * @param {number | null} rate
   */
  function rateText(rate) {
    return rate === null ? '—' : rate.toFixed(2);
  }

  /** @param {number | null} change */
  function changeText(change) {
    if (change === null) return '—';
    // A minus sign, not a hyphen: fewer avoidable escalations after the article.
    return change > 0 ? `+${change.toFixed(2)}` : change.toFixed(2).replace('-', '−');
  }

  /**
   * @param {string} text
   * @param {string} className
   */
  function line(text, className) {
    const node = document.createElement('span');
    node.className = className;
    node.textContent = text;
    return node;
  }

  /**
   * One side of an article: the shop-wide rate, its topic's rate, the days and turns behind them.
   * @param {'before' | 'after'} side
   * @param {ArticleEffect['before']} window
   * @param {string} topic
   */
  function rateCell(side, window, topic) {
    const cell = document.createElement('td');
    cell.dataset.side = side;
    cell.dataset.days = String(window.days);
    cell.dataset.rate = window.rate === null ? '' : String(window.rate);
    cell.dataset.topicRate = window.topicRate === null ? '' : String(window.topicRate);
    cell.append(
      line(rateText(window.rate), 'rate'),
      line(`${topic}: ${rateText(window.topicRate)}`, 'detail'),
      line(`${window.avoidable} of ${window.turns} turns`, 'detail'),
      line(`${window.days} ${window.days === 1 ? 'day' : 'days'}`, 'detail'),
    );
    return cell;
  }

  /** @param {ArticleEffect} article */
  function articleRow(article) {
    const row = document.createElement('tr');
    row.dataset.docId = article.docId;
    const title = document.createElement('td');
    title.className = 'article';
    const name = line(article.title, 'title');
    name.dir = 'auto';
    title.append(
      name,
      line(`${article.topic} · published ${article.publishedAt.slice(0, 10)}`, 'detail'),
    );
    const change = document.createElement('td');
    change.dataset.side = 'change';
    change.dataset.rate = article.change.rate === null ? '' : String(article.change.rate);
    change.dataset.topicRate =
      article.change.topicRate === null ? '' : String(article.change.topicRate);
    change.append(
      line(changeText(article.change.rate), 'rate'),
      line(`${article.topic}: ${changeText(article.change.topicRate)}`, 'detail'),
    );
    row.append(
      title,
      rateCell('before', article.before, article.topic),
      rateCell('after', article.after, article.topic),
      change,
    );
    return row;
  }

  /** @param {DashboardData['knowledge']} knowledge */
  function renderKnowledge(knowledge) {
    pairedBars(
      $('chart-gaps'),
      knowledge.gapsPerWeek.map((w) => ({ label: w.week, opened: w.opened, closed: w.closed })),
      ['opened', 'closed'],
    );
    $('articles', HTMLTableElement).tBodies[0].replaceChildren(
      ...knowledge.articles.map(articleRow),
    );
    $('articles-empty').hidden = knowledge.articles.length > 0;
  }

  /** @param {DashboardData['latencyHistogram'][number]} bar */
  function latencyLabel(bar) {
    if (bar.fromMs === null) return `< ${bar.toMs} ms`;
    if (bar.toMs === null) return `≥ ${bar.fromMs} ms`;
    return `${bar.fromMs}–${bar.toMs} ms`;
  }

  /**
   * @param {string} label
   * @param {string | number | null | undefined} value
   * @param {string} id
   */
  function kpi(label, value, id) {
    const dt = document.createElement('dt');
    dt.textContent = label;
    const dd = document.createElement('dd');
    dd.id = id;
    dd.textContent = value === null || value === undefined ? '—' : String(value);
    return [dt, dd];
  }

  /** @param {DashboardData} data */
  function render(data) {
    $('kpis').replaceChildren(
      ...kpi('Turns', data.turns.total, 'kpi-turns'),
      ...kpi(
        'Answered share',
        data.turns.answeredShare === null
          ? null
          : `${Math.round(data.turns.answeredShare * 1000) / 10}%`,
        'kpi-answered',
      ),
      ...kpi(
        'Escalations (genuine / avoidable)',
        `${data.escalations.genuine} / ${data.escalations.avoidable}`,
        'kpi-escalations',
      ),
      ...kpi('Withdrawn by the customer', `${data.escalations.withdrawn}`, 'kpi-withdrawn'),
      ...kpi(
        'Turn latency p50 / p95 (ms)',
        `${data.latencyMs.p50 ?? '—'} / ${data.latencyMs.p95 ?? '—'}`,
        'kpi-latency',
      ),
      ...kpi(
        'Leg timeouts / reranker fail-opens',
        `${data.retrieval.legTimeouts} / ${data.retrieval.rerankFailOpens}`,
        'kpi-retrieval',
      ),
    );
    barChart(
      $('chart-latency'),
      data.latencyHistogram.map((bar) => ({ label: latencyLabel(bar), count: bar.turns })),
      ['count'],
    );
    barChart(
      $('chart-days'),
      data.byDay.map((d) => ({ label: d.day, genuine: d.genuine, avoidable: d.avoidable })),
      ['genuine', 'avoidable'],
    );
    barChart(
      $('chart-reasons'),
      data.byReason.map((r) => ({ label: r.reason, count: r.count })),
      ['count'],
    );
    barChart(
      $('chart-topics'),
      data.byTopic.map((t) => ({ label: t.topic, genuine: t.genuine, avoidable: t.avoidable })),
      ['genuine', 'avoidable'],
    );
    const backlog = $('backlog');
    backlog.replaceChildren();
    for (const group of data.backlog) {
      const heading = document.createElement('h3');
      heading.textContent = `${group.topic} (${group.count})`;
      const list = document.createElement('ul');
      list.dataset.topic = group.topic;
      for (const question of group.questions) {
        const item = document.createElement('li');
        item.dir = 'auto';
        item.textContent = question;
        list.append(item);
      }
      backlog.append(heading, list);
    }
    renderKnowledge(data.knowledge);
    $('dash').hidden = false;
  }

  /**
   * What the server said was wrong, in its words ("days must be 1..3660"), or the status.
   * @param {Response} response
   */
  async function refusal(response) {
    const body = await response.json().catch(() => null);
    const message = body && typeof body.message === 'string' ? body.message : null;
    return message ?? `The server answered ${response.status} ${response.statusText}`.trim();
  }

  /** @param {string} path */
  async function authorised(path) {
    const response = await fetch(`dashboard/${path}?days=${encodeURIComponent(days.value)}`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    if (response.status === 401 || response.status === 403) {
      sessionStorage.removeItem(TOKEN_KEY);
      $('dash-login').hidden = false;
      $('dash-token-login').hidden = false;
      throw new Error('please sign in as an analyst');
    }
    if (!response.ok) throw new Error(await refusal(response));
    return response;
  }

  async function load() {
    try {
      $('dash-error').hidden = true;
      render(await (await authorised('data')).json());
      $('dash-login').hidden = true;
      $('dash-token-login').hidden = true;
    } catch (error) {
      $('dash-error').textContent = /** @type {Error} */ (error).message;
      $('dash-error').hidden = false;
    }
  }

  $('dash-login').addEventListener('submit', async (event) => {
    event.preventDefault();
    const response = await fetch('auth/demo-token', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        customerId: $('dash-analyst', HTMLInputElement).value.trim(),
        role: 'analyst',
      }),
    });
    if (!response.ok) return;
    const issued = /** @type {{ token: string }} */ (await response.json()).token;
    token = issued;
    sessionStorage.setItem(TOKEN_KEY, issued);
    await load();
  });
  // Outside demo mode analysts paste a token minted with `cli token --role analyst --sub NAME`.
  $('dash-token-login').addEventListener('submit', async (event) => {
    event.preventDefault();
    token = $('dash-token', HTMLInputElement).value.trim();
    $('dash-token', HTMLInputElement).value = '';
    if (!token) return;
    sessionStorage.setItem(TOKEN_KEY, token);
    await load();
  });
  $('dash-refresh').addEventListener('click', load);
  $('dash-csv').addEventListener('click', async () => {
    const blob = await (await authorised('export.csv')).blob();
    const link = document.createElement('a');
    link.href = URL.createObjectURL(blob);
    link.download = 'support-dashboard.csv';
    link.click();
  });
  if (token) load();
})();
