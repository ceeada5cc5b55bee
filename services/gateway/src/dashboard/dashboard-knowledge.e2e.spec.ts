import { sealForTests, storeFixtureKey } from '@support/privacy/testing';
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { newEventId } from '@support/bus';
import {
  AdminReplied,
  DocumentUpserted,
  DraftCreated,
  DraftPublished,
  type EscalationReason,
  EscalationClassified,
  EscalationRaised,
  type EventDefinition,
  type EventEnvelope,
  exampleEvent,
  MessageReceived,
  ReplySent,
} from '@support/contracts';
import { escalationGroupOf } from '@support/policy';
import {
  ALL_PROJECTIONS,
  openDatabase,
  personalDataOf,
  replayFromStart,
} from '@support/persistence';
import { eventually, launchChromium } from '@support/testing';
import type { Browser } from 'playwright-core';
import type { DataSource } from 'typeorm';
import { TokenService } from '../auth/token-service.js';
import { type GatewayHarness, startGatewayHarness } from '../testing/gateway-harness.js';
import { dashboardFromRows } from './dashboard-from-rows.js';
import { lastDays } from './dashboard-period.js';
import { type DashboardData, DashboardQueries } from './dashboard-queries.js';

const SCREENSHOTS = process.env.SCREENSHOT_DIR ?? '/tmp';
const SECRET = 'dashboard-knowledge-secret-0123456789abc';
const DAY_MS = 24 * 3600_000;
const TODAY = Math.floor(Date.now() / DAY_MS) * DAY_MS;
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
/** The Monday (UTC) of a time's ISO week, counted here without the library's help. */
const mondayOf = (ms: number) => {
  const midnight = Math.floor(ms / DAY_MS) * DAY_MS;
  return dayOf(midnight - ((new Date(midnight).getUTCDay() + 6) % 7) * DAY_MS);
};

interface StoryTurn {
  readonly daysAgo: number;
  readonly question: string;
  /** An escalated turn; `reply`: an admin answered it in the console. */
  readonly escalation?: { reason: EscalationReason; topic: string; reply?: string };
}

/** The article is published at noon, five days ago: five days after it so far, today included. */
const PUBLISHED_DAYS_AGO = 5;
const PUBLISHED_AT = TODAY - PUBLISHED_DAYS_AGO * DAY_MS + 12 * 3600_000;
/** The admin's title, markup and all: the page must show it as text. */
const ARTICLE_TITLE = '<b>Returning</b> wholesale orders';
const DOC_ID = 'returning-wholesale-orders';

/**
 * Turns over the twelve days around the article: avoidable escalations answered by admins (the
 * gaps: two alike about wholesale returns, one about Tamara, one about Bahrain after the article),
 * avoidable ones nobody answered, a genuine one and answered turns.
 */
const STORY: StoryTurn[] = [
  {
    daysAgo: 11,
    question: 'Can I return a wholesale order?',
    escalation: {
      reason: 'below_score_floor',
      topic: 'returns',
      reply: 'Wholesale orders follow your contract: <i>30 days</i> from delivery.',
    },
  },
  {
    daysAgo: 11,
    question: 'Can I return my wholesale order?',
    escalation: {
      reason: 'answer_validation_failed',
      topic: 'returns',
      reply: 'Yes, within 30 days of delivery under the wholesale contract.',
    },
  },
  {
    daysAgo: 11,
    question: 'I want a person',
    escalation: { reason: 'agent_requested', topic: 'orders' },
  },
  { daysAgo: 11, question: 'Delivery to Riyadh?' },
  {
    daysAgo: 8,
    question: 'Do you accept Tamara for 50 SAR?',
    escalation: {
      reason: 'answer_validation_failed',
      topic: 'payments',
      reply: 'Tamara starts at 100 SAR.',
    },
  },
  { daysAgo: 8, question: 'Refund to card?' },
  { daysAgo: 8, question: 'Gift card validity?' },
  {
    daysAgo: 6,
    question: 'Can I return worn shoes?',
    escalation: { reason: 'below_score_floor', topic: 'returns' },
  },
  { daysAgo: 6, question: 'Cash on delivery fee?' },
  { daysAgo: 6, question: 'Order status?' },
  // The day of publishing: on neither side.
  {
    daysAgo: 5,
    question: 'Return a wholesale order by courier?',
    escalation: { reason: 'below_score_floor', topic: 'returns' },
  },
  { daysAgo: 5, question: 'Store opening hours?' },
  {
    daysAgo: 4,
    question: 'Pay with Tabby in four?',
    escalation: { reason: 'answer_validation_failed', topic: 'payments' },
  },
  { daysAgo: 4, question: 'Delivery to Jeddah?' },
  { daysAgo: 4, question: 'Refund time?' },
  { daysAgo: 4, question: 'Exchange a size?' },
  { daysAgo: 4, question: 'Track my parcel?' },
  {
    daysAgo: 2,
    question: 'Do you deliver to Bahrain?',
    escalation: { reason: 'below_score_floor', topic: 'delivery', reply: 'Yes, in five days.' },
  },
  { daysAgo: 2, question: 'Gift wrapping?' },
  { daysAgo: 2, question: 'Cancel my order?' },
];

interface Built {
  readonly events: EventEnvelope[];
  /** Escalation ids of the story's turns (undefined: not escalated). */
  readonly escalationIds: (string | undefined)[];
  readonly openedAt: number[];
}

function buildStory(): Built {
  const events: EventEnvelope[] = [];
  const escalationIds: (string | undefined)[] = [];
  const openedAt: number[] = [];
  STORY.forEach((turn, i) => {
    const conversationId = `conv-knowledge-${i}`;
    const customerId = `cust-knowledge-${i}`;
    const turnId = newEventId();
    const start = TODAY - turn.daysAgo * DAY_MS + 9 * 3600_000 + i * 60_000;
    openedAt.push(start + 301);
    const make = <D extends EventDefinition>(definition: D, offsetMs: number, payload: object) =>
      exampleEvent(
        definition,
        {
          id: newEventId(),
          occurredAt: new Date(start + offsetMs).toISOString(),
          conversationId,
          turnId,
          correlationId: turnId,
        },
        payload as never,
      );
    events.push(
      make(MessageReceived, 0, {
        customerId,
        messageId: newEventId(),
        text: sealForTests(turn.question),
        attachments: [],
      }),
      make(ReplySent, 300, {
        customerId,
        replyId: newEventId(),
        kind: turn.escalation ? 'abstention' : 'answer',
      }),
    );
    const escalationId = turn.escalation ? newEventId() : undefined;
    escalationIds.push(escalationId);
    if (!turn.escalation || !escalationId) return;
    const { reason, topic, reply } = turn.escalation;
    events.push(
      make(EscalationRaised, 301, {
        customerId,
        escalationId,
        reason,
        group: escalationGroupOf(reason),
        language: 'en',
        question: sealForTests(turn.question),
        transcript: [
          {
            role: 'customer',
            text: sealForTests(turn.question),
            at: new Date(start).toISOString(),
          },
        ],
      }),
      make(EscalationClassified, 302, { escalationId, topic, classifier: 'rules' }),
    );
    if (reply)
      events.push(
        make(AdminReplied, 600_000, {
          escalationId,
          provider: 'console',
          adminId: 'admin-huda',
          text: sealForTests(reply),
          externalId: `console-${escalationId}`,
        }),
      );
  });
  return { events, escalationIds, openedAt };
}

/** The admin drafts an article from the wholesale-returns gap and publishes it. */
function articleEvents(gapId: string, escalationIds: string[]): EventEnvelope[] {
  const draftId = newEventId();
  const body = '# Returning wholesale orders\n\nWithin 30 days of delivery, under the contract.';
  const meta = (at: number) => ({
    id: newEventId(),
    occurredAt: new Date(at).toISOString(),
    conversationId: null,
    correlationId: gapId,
  });
  const article = {
    draftId,
    gapId,
    title: ARTICLE_TITLE,
    lang: 'en',
    topic: 'returns',
    body,
  };
  const contentSha256 = createHash('sha256').update(body).digest('hex');
  return [
    exampleEvent(DraftCreated, meta(PUBLISHED_AT - 3600_000), {
      ...article,
      // The first title and the examples are customers' questions: sealed.
      title: sealForTests(STORY[0]!.question),
      examples: STORY.slice(0, 2).map((t) => sealForTests(t.question)),
      escalationIds,
      createdBy: 'admin-huda',
      origin: 'console',
    } as never),
    exampleEvent(DraftPublished, meta(PUBLISHED_AT), {
      ...article,
      docId: DOC_ID,
      contentSha256,
      publishedBy: 'admin-huda',
    } as never),
    exampleEvent(DocumentUpserted, meta(PUBLISHED_AT), {
      docId: DOC_ID,
      title: ARTICLE_TITLE,
      lang: 'en',
      topic: 'returns',
      body,
      contentSha256,
      source: 'admin_console',
      gapId,
      draftId,
      publishedBy: 'admin-huda',
    } as never),
  ];
}

describe('knowledge gaps and articles on the analyst dashboard', () => {
  let harness: GatewayHarness;
  let dataSource: DataSource;
  let browser: Browser;
  const tokens = new TokenService(SECRET, { now: () => new Date() });
  const story = buildStory();
  const [returnsGap, secondReturns] = story.escalationIds as [string, string];

  beforeAll(async () => {
    harness = await startGatewayHarness({ AUTH_TOKEN_SECRET: SECRET, LOG_LEVELS: 'fatal' });
    dataSource = await openDatabase({ url: harness.database.url });
    for (const event of [
      ...story.events,
      ...articleEvents(returnsGap, [returnsGap, secondReturns]),
    ])
      await harness.publisher.publish(event);
    browser = await launchChromium();
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await dataSource?.destroy();
    await harness?.close();
  }, 60_000);

  const get = async (token: string, path = 'data') =>
    fetch(`${harness.gateway.url}/dashboard/${path}?days=30`, {
      headers: { authorization: `Bearer ${token}` },
    });

  /** The dashboard once every turn, escalation, reply and the article are folded. */
  async function settled(token: string): Promise<DashboardData> {
    const answered = STORY.filter((t) => t.escalation?.reply).length;
    return eventually(async () => {
      const body = (await (await get(token)).json()) as DashboardData;
      const opened = body.knowledge.gapsPerWeek.reduce((n, w) => n + w.opened, 0);
      return body.turns.total === STORY.length &&
        body.byTopic.every((t) => t.topic !== 'pending') &&
        opened === answered - 1 &&
        body.knowledge.articles.length === 1
        ? body
        : false;
    }, 30_000);
  }

  it('counts gaps per week and the avoidable-escalation rate around the article as the fixture does', async () => {
    const analyst = await tokens.issue({ subject: 'analyst-1', role: 'analyst' });
    const { knowledge } = await settled(analyst);

    // Gaps: the two wholesale-returns questions are one gap (closed by the article), Tamara and
    // Bahrain one each (open). Counted per ISO week of the 30 days, every week listed.
    const answered = STORY.map((t, i) => ({ ...t, at: story.openedAt[i]! })).filter(
      (t) => t.escalation?.reply,
    );
    const gapOpenings = [answered[0]!.at, answered[2]!.at, answered[3]!.at];
    const weeks = new Map<string, { opened: number; closed: number }>();
    for (let day = TODAY - 29 * DAY_MS; day <= TODAY; day += DAY_MS)
      weeks.set(mondayOf(day), { opened: 0, closed: 0 });
    for (const at of gapOpenings) weeks.get(mondayOf(at))!.opened += 1;
    weeks.get(mondayOf(PUBLISHED_AT))!.closed += 1;
    expect(knowledge.gapsPerWeek).toEqual([...weeks].map(([week, n]) => ({ week, ...n })));

    // The rate: avoidable escalations per 100 customer turns, 7 days before the day of publishing
    // (6 to 12 days ago) and the days after it (today and the 4 days before).
    const side = (from: number, to: number) => {
      const turns = STORY.filter((t) => t.daysAgo >= from && t.daysAgo <= to);
      const avoidable = turns.filter(
        (t) => t.escalation && escalationGroupOf(t.escalation.reason) === 'avoidable',
      );
      return {
        turns: turns.length,
        avoidable: avoidable.length,
        topicAvoidable: avoidable.filter((t) => t.escalation!.topic === 'returns').length,
      };
    };
    const before = side(PUBLISHED_DAYS_AGO + 1, PUBLISHED_DAYS_AGO + 7);
    const after = side(0, PUBLISHED_DAYS_AGO - 1);
    expect([before, after]).toEqual([
      { turns: 10, avoidable: 4, topicAvoidable: 3 },
      { turns: 8, avoidable: 2, topicAvoidable: 0 },
    ]);
    const [article] = knowledge.articles;
    expect(article).toEqual({
      docId: DOC_ID,
      draftId: expect.any(String),
      gapId: returnsGap,
      title: ARTICLE_TITLE,
      topic: 'returns',
      publishedAt: new Date(PUBLISHED_AT).toISOString(),
      before: {
        fromDay: dayOf(TODAY - 12 * DAY_MS),
        toDay: dayOf(TODAY - 5 * DAY_MS),
        days: 7,
        ...before,
        rate: 40,
        topicRate: 30,
      },
      after: {
        fromDay: dayOf(TODAY - 4 * DAY_MS),
        toDay: dayOf(TODAY + DAY_MS),
        days: 5,
        ...after,
        rate: 25,
        topicRate: 0,
      },
      change: { rate: -15, topicRate: -30 },
    });

    // The same from the raw rows, and from the aggregates read directly.
    const period = lastDays(30, new Date());
    const direct = await new DashboardQueries(dataSource, personalDataOf(dataSource)).loadPeriod(
      period,
    );
    expect(direct.knowledge).toEqual(knowledge);
    expect(
      (await dashboardFromRows(dataSource, personalDataOf(dataSource), period)).knowledge,
    ).toEqual(knowledge);

    // In the CSV export too, and a customer token reads none of it.
    const csv = Buffer.from(await (await get(analyst, 'export.csv')).arrayBuffer()).toString(
      'utf8',
    );
    expect(csv).toContain(
      `"${DOC_ID}","${ARTICLE_TITLE}","returns","${new Date(PUBLISHED_AT).toISOString()}","7","40","5","25","-15","30","0","-30"`,
    );
    const customer = await tokens.issue({ subject: 'cust-knowledge-0', role: 'customer' });
    expect((await get(customer)).status).toBe(403);
    expect((await get(customer, 'export.csv')).status).toBe(403);
  });

  it('shows the weeks and the article in the page, the title as text', async () => {
    const page = await browser.newPage({ baseURL: harness.gateway.url });
    await page.goto('/dashboard');
    await page.fill('#dash-analyst', 'analyst-1');
    await page.click('#dash-login-submit');
    await page.waitForSelector('#dash:not([hidden])');

    const sum = (series: string) =>
      page.$$eval(`#chart-gaps rect[data-series="${series}"]`, (bars) =>
        bars.reduce((n, bar) => n + Number(bar.getAttribute('data-value')), 0),
      );
    await expect(sum('opened')).resolves.toBe(3);
    await expect(sum('closed')).resolves.toBe(1);
    await expect(
      page
        .locator(`#chart-gaps rect[data-series="closed"][data-label="${mondayOf(PUBLISHED_AT)}"]`)
        .getAttribute('data-value'),
    ).resolves.toBe('1');

    const row = page.locator(`#articles tr[data-doc-id="${DOC_ID}"]`);
    await expect(row.locator('.title').textContent()).resolves.toBe(ARTICLE_TITLE);
    await expect(page.locator('#articles b').count()).resolves.toBe(0);
    const cell = (side: string) => row.locator(`td[data-side="${side}"]`);
    await expect(cell('before').locator('.rate').textContent()).resolves.toBe('40.00');
    const details = (side: string) => cell(side).locator('.detail').allTextContents();
    await expect(details('before')).resolves.toEqual(['Returns: 30.00', '4 of 10 turns', '7 days']);
    await expect(cell('after').locator('.rate').textContent()).resolves.toBe('25.00');
    await expect(details('after')).resolves.toEqual(['Returns: 0.00', '2 of 8 turns', '5 days']);
    await expect(cell('change').locator('.rate').textContent()).resolves.toBe('-15.00');
    await expect(details('change')).resolves.toEqual(['Returns: -30.00']);
    await expect(page.locator('#articles-empty').isHidden()).resolves.toBe(true);
    await page.close();
  });

  it('fits the new cards on a phone and a laptop', async () => {
    for (const width of [375, 1280]) {
      const page = await browser.newPage({
        baseURL: harness.gateway.url,
        viewport: { width, height: 900 },
      });
      await page.goto('/dashboard');
      await page.fill('#dash-analyst', 'analyst-1');
      await page.click('#dash-login-submit');
      await page.locator('#articles tbody tr').waitFor();
      // Nothing is wider than its card: the articles' table scrolls inside its own box.
      const spills = await page.evaluate(() =>
        Array.from(document.querySelectorAll('.escalation, .bar'))
          .filter((box) => box.scrollWidth > box.clientWidth + 1)
          .map((box) => box.querySelector('h2, h1')?.textContent ?? box.className),
      );
      expect(spills).toEqual([]);
      await page
        .locator('#articles')
        .screenshot({ path: `${SCREENSHOTS}/dashboard-articles-${width}.png` });
      await page.screenshot({
        path: `${SCREENSHOTS}/dashboard-knowledge-${width}.png`,
        fullPage: true,
      });
      await page.close();
    }
  });

  it('is rebuilt the same by a replay of the log', async () => {
    const analyst = await tokens.issue({ subject: 'analyst-1', role: 'analyst' });
    const { knowledge } = await settled(analyst);
    const shadow = await openDatabase({ url: harness.database.url, schema: 'knowledge_replay' });
    // The data keys live beside the rows: the shadow schema needs the fixtures' key to open them.
    await storeFixtureKey(shadow);
    try {
      const result = await replayFromStart(harness.bus, shadow, ALL_PROJECTIONS);
      expect(result.failed).toEqual([]);
      const replayed = await new DashboardQueries(shadow, personalDataOf(shadow)).loadPeriod(
        lastDays(30, new Date()),
      );
      expect(replayed.knowledge).toEqual(knowledge);
    } finally {
      await shadow.destroy();
    }
  });
});
