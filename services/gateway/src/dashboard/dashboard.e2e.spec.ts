import { PersonalData } from '@support/privacy';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { newEventId } from '@support/bus';
import {
  createEvent,
  type EscalationReason,
  EscalationClassified,
  EscalationRaised,
  EscalationWithdrawn,
  type EventEnvelope,
  EXAMPLE_PAYLOADS,
  MessageReceived,
  ReplySent,
  RetrievalCompleted,
} from '@support/contracts';
import { escalationGroupOf } from '@support/policy';
import { eventually, launchChromium } from '@support/testing';
import type { Browser, Page } from 'playwright-core';
import { TokenService } from '../auth/token-service.js';
import { type GatewayHarness, startGatewayHarness } from '../testing/gateway-harness.js';
import type { DashboardData } from './dashboard-queries.js';

const SCREENSHOTS = process.env.SCREENSHOT_DIR ?? '/tmp';

const SECRET = 'dashboard-secret-dashboard-secret-0123456';

interface FixtureTurn {
  day: number;
  latencyMs: number;
  escalation: { reason: EscalationReason; topic: string } | null;
  question: string;
}

/** A fixture stream: turns over three days, some answered, some escalated for each reason. */
const FIXTURE: FixtureTurn[] = [
  { day: 1, latencyMs: 120, escalation: null, question: 'Delivery to Riyadh?' },
  { day: 1, latencyMs: 80, escalation: null, question: 'Refund to card?' },
  {
    day: 1,
    latencyMs: 300,
    escalation: { reason: 'below_score_floor', topic: 'returns' },
    question: 'Wholesale returns?',
  },
  {
    day: 2,
    latencyMs: 200,
    escalation: { reason: 'agent_requested', topic: 'orders' },
    question: 'Talk to a human',
  },
  { day: 2, latencyMs: 100, escalation: null, question: 'Cash on delivery fee?' },
  {
    day: 2,
    latencyMs: 250,
    escalation: { reason: 'answer_validation_failed', topic: 'payments' },
    question: 'Tamara for 50 SAR?',
  },
  {
    day: 3,
    latencyMs: 90,
    escalation: { reason: 'retrieval_unavailable', topic: 'delivery' },
    question: 'Where is my parcel?',
  },
  {
    day: 3,
    latencyMs: 400,
    escalation: { reason: 'below_score_floor', topic: 'returns' },
    question: 'Rent a dress?',
  },
  { day: 3, latencyMs: 60, escalation: null, question: 'Gift card validity?' },
];

function percentile(values: number[], p: number): number {
  // Postgres percentile_cont: linear interpolation between closest ranks.
  const sorted = [...values].sort((a, b) => a - b);
  const rank = (p / 100) * (sorted.length - 1);
  const low = Math.floor(rank);
  return Math.round(sorted[low]! + (sorted[Math.ceil(rank)]! - sorted[low]!) * (rank - low));
}

describe('analyst dashboard', () => {
  let harness: GatewayHarness;
  let browser: Browser;
  const tokens = new TokenService(SECRET, { now: () => new Date() });
  const base = Date.now() - 4 * 24 * 3600_000;
  let tracedTurnId = '';

  beforeAll(async () => {
    harness = await startGatewayHarness({ AUTH_TOKEN_SECRET: SECRET });
    const events: EventEnvelope[] = [];
    const personalData = harness.gateway.app.get(PersonalData);
    for (const [i, turn] of FIXTURE.entries()) {
      const conversationId = `conv-dash-${i}`;
      const turnId = newEventId();
      const start = base + turn.day * 24 * 3600_000 + i * 60_000;
      const meta = (offset: number) => ({
        id: newEventId(),
        occurredAt: new Date(start + offset).toISOString(),
        conversationId,
        turnId,
        correlationId: turnId,
      });
      const customerId = `cust-${i}`;
      events.push(
        createEvent(
          MessageReceived,
          {
            ...EXAMPLE_PAYLOADS['conversation.message_received'],
            customerId,
            messageId: newEventId(),
            text: await personalData.sealText(customerId, turn.question),
            attachments: [],
          } as never,
          meta(0),
        ),
      );
      events.push(
        createEvent(
          ReplySent,
          {
            ...EXAMPLE_PAYLOADS['agent.reply_sent'],
            customerId,
            replyId: newEventId(),
            kind: turn.escalation ? 'abstention' : 'answer',
          } as never,
          meta(turn.latencyMs),
        ),
      );
      if (i === 0) {
        tracedTurnId = turnId;
        // One retrieval that lost a leg to its deadline and whose reranker failed open.
        const example = EXAMPLE_PAYLOADS['retrieval.completed'] as {
          legs: object[];
          rerank: object;
        };
        events.push(
          createEvent(
            RetrievalCompleted,
            {
              ...example,
              requestId: newEventId(),
              legs: [
                { leg: 'dense', status: 'ok', latencyMs: 12, hits: 20 },
                { leg: 'sparse_en', status: 'timed_out', latencyMs: 2000, hits: 0 },
              ],
              rerank: { ...example.rerank, failOpen: true, scorer: 'lexical', scores: [] },
            } as never,
            meta(50),
          ),
        );
      }
      if (turn.escalation) {
        const escalationId = newEventId();
        events.push(
          createEvent(
            EscalationRaised,
            {
              ...EXAMPLE_PAYLOADS['escalation.raised'],
              customerId,
              escalationId,
              reason: turn.escalation.reason,
              group: escalationGroupOf(turn.escalation.reason),
              question: await personalData.sealText(customerId, turn.question),
            } as never,
            meta(turn.latencyMs + 1),
          ),
          createEvent(
            EscalationClassified,
            {
              escalationId,
              topic: turn.escalation.topic,
              classifier: 'rules',
              confidence: 0.9,
            } as never,
            meta(turn.latencyMs + 2),
          ),
        );
        // The customer who asked for a person took the request back before any reply.
        if (turn.escalation.reason === 'agent_requested')
          events.push(
            createEvent(
              EscalationWithdrawn,
              { escalationId, customerId, requestId: newEventId() },
              meta(turn.latencyMs + 3),
            ),
          );
      }
    }
    for (const event of events) await harness.publisher.publish(event);
    browser = await launchChromium();
  }, 90_000);

  afterAll(async () => {
    await browser?.close();
    await harness?.close();
  }, 60_000);

  async function data(token: string, path = 'data'): Promise<Response> {
    return fetch(`${harness.gateway.url}/dashboard/${path}?days=30`, {
      headers: { authorization: `Bearer ${token}` },
    });
  }

  it('computes the numbers a direct count of the fixture stream gives', async () => {
    const analyst = await tokens.issue({ subject: 'analyst-1', role: 'analyst' });
    const escalated = FIXTURE.filter((t) => t.escalation);
    const dashboard = await eventually(async () => {
      const body = (await (await data(analyst)).json()) as DashboardData;
      return body.escalations.total === escalated.length &&
        body.byTopic.every((t) => t.topic !== 'pending') &&
        body.turns.total === FIXTURE.length
        ? body
        : false;
    }, 20_000);

    const genuine = escalated.filter(
      (t) => escalationGroupOf(t.escalation!.reason) === 'genuine',
    ).length;
    expect(dashboard.turns).toMatchObject({
      total: 9,
      answered: 4,
      escalated: 5,
      answeredShare: Math.round((4 / 9) * 1000) / 1000,
    });
    expect(dashboard.escalations).toEqual({
      total: 5,
      genuine,
      avoidable: 5 - genuine,
      withdrawn: 1,
    });
    expect(dashboard.latencyMs).toEqual({
      p50: percentile(
        FIXTURE.map((t) => t.latencyMs),
        50,
      ),
      p95: percentile(
        FIXTURE.map((t) => t.latencyMs),
        95,
      ),
    });
    expect(dashboard.byReason).toEqual(
      expect.arrayContaining([
        { reason: 'below_score_floor', group: 'avoidable', count: 2 },
        { reason: 'agent_requested', group: 'genuine', count: 1 },
        { reason: 'answer_validation_failed', group: 'avoidable', count: 1 },
        { reason: 'retrieval_unavailable', group: 'genuine', count: 1 },
      ]),
    );
    expect(dashboard.byDay.map((d) => d.genuine + d.avoidable)).toEqual([1, 2, 2]);
    expect(dashboard.retrieval).toEqual({ legTimeouts: 1, rerankFailOpens: 1 });
    expect(dashboard.byTopic.find((t) => t.topic === 'returns')).toEqual({
      topic: 'returns',
      genuine: 0,
      avoidable: 2,
    });
    expect(dashboard.backlog.find((b) => b.topic === 'returns')!.questions.sort()).toEqual([
      'Rent a dress?',
      'Wholesale returns?',
    ]);

    // The body starts with a UTF-8 byte-order mark (text() would drop it: read the bytes).
    const bytes = Buffer.from(await (await data(analyst, 'export.csv')).arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const csv = bytes.subarray(3).toString('utf8');
    expect(csv).toContain(
      '"Knowledge-base backlog"\n"topic","question"\n"returns","Rent a dress?"',
    );
    expect(csv).toContain('"escalations_withdrawn","1"');
    expect(csv.split('\n\n')).toHaveLength(8);
    // Avoidable escalations, but none an admin answered: no knowledge gap, no article.
    expect(dashboard.knowledge.gapsPerWeek.length).toBeGreaterThanOrEqual(5);
    expect(dashboard.knowledge.gapsPerWeek.every((w) => w.opened + w.closed === 0)).toBe(true);
    expect(dashboard.knowledge.articles).toEqual([]);
    const customer = await tokens.issue({ subject: 'cust-1', role: 'customer' });
    expect((await data(customer)).status).toBe(403);
  });

  it('draws the same numbers in the page, as charts', async () => {
    const page = await browser.newPage({ baseURL: harness.gateway.url });
    await page.goto('/dashboard');
    await page.fill('#dash-analyst', 'analyst-1');
    await page.click('#dash-login-submit');
    await page.waitForSelector('#dash:not([hidden])');
    await expect(page.locator('#kpi-turns').textContent()).resolves.toBe('9');
    await expect(page.locator('#kpi-escalations').textContent()).resolves.toBe(
      '2 genuine · 3 avoidable',
    );
    await expect(page.locator('#kpi-withdrawn').textContent()).resolves.toBe('1');
    // Day 1: avoidable only; days 2 and 3: one genuine and one avoidable each.
    expect(await page.locator('#chart-days rect[data-series]').count()).toBe(5);
    expect(await page.locator('#chart-reasons rect[data-series]').count()).toBe(4);
    // Nine finished turns, in the latency bars (60-400 ms: 32-64, 64-128, 128-256, 256-512).
    expect(await page.locator('#chart-latency rect[data-series]').count()).toBe(4);
    await expect(
      page
        .locator('#chart-reasons rect[data-label="below_score_floor"]')
        .getAttribute('data-value'),
    ).resolves.toBe('2');
    await expect(page.locator('#backlog ul[data-topic="returns"] li').count()).resolves.toBe(2);
    await expect(page.locator('#articles tbody tr').count()).resolves.toBe(0);
    await expect(page.locator('#articles-empty').isVisible()).resolves.toBe(true);

    // The turn trace page (same analyst session) shows the turn's chunks and the rendered trace.
    await page.goto(`/dashboard/trace?turn=${tracedTurnId}`);
    const chunk = page.locator('#trace-chunks li[data-chunk-id="returns-retail#2"]');
    await chunk.waitFor();
    await expect(chunk.textContent()).resolves.toContain(
      'Unworn items can be returned within 14 days',
    );
    await expect(page.locator('#trace-text').textContent()).resolves.toContain('sparse_en');
  });

  it('fits the dashboard and the trace page in their cards on a phone and a laptop, and says what a bad period is', async () => {
    // Every card's content stays inside the card: nothing is wider than the box it is drawn in.
    const spills = (page: Page) =>
      page.evaluate(() =>
        Array.from(document.querySelectorAll('.escalation, .bar'))
          .filter((box) => !(box as HTMLElement).hidden && box.scrollWidth > box.clientWidth + 1)
          .map((box) => box.id || box.querySelector('h2, h1')?.textContent || box.className),
      );
    for (const width of [375, 1280]) {
      const page = await browser.newPage({
        baseURL: harness.gateway.url,
        viewport: { width, height: 900 },
      });
      await page.goto('/dashboard');
      await page.fill('#dash-analyst', 'analyst-1');
      await page.click('#dash-login-submit');
      await page.waitForSelector('#dash:not([hidden])');
      await expect(spills(page)).resolves.toEqual([]);
      await page.screenshot({ path: `${SCREENSHOTS}/dashboard-${width}.png`, fullPage: true });

      await page.goto(`/dashboard/trace?turn=${tracedTurnId}`);
      await page.locator('#trace-chunks li').first().waitFor();
      await expect(spills(page)).resolves.toEqual([]);
      await page.screenshot({ path: `${SCREENSHOTS}/trace-${width}.png`, fullPage: true });
      await page.close();
    }

    const page = await browser.newPage({ baseURL: harness.gateway.url });
    await page.goto('/dashboard');
    await page.fill('#dash-analyst', 'analyst-1');
    await page.click('#dash-login-submit');
    await page.waitForSelector('#dash:not([hidden])');
    await page.fill('#dash-days', '0');
    await page.click('#dash-refresh');
    await page.waitForSelector('#dash-error:not([hidden])');
    await expect(page.locator('#dash-error').textContent()).resolves.toContain(
      'Days must be a whole number from 1 to 3,660.',
    );
    await page.close();
  });
});
