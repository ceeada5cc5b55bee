import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { newEventId, readEventLog } from '@support/bus';
import {
  AdminReplied,
  ClarificationChosen,
  ClarificationOffered,
  createEvent,
  DocumentUpserted,
  DraftCreated,
  DraftPublished,
  EscalationClassified,
  EscalationRaised,
  type EscalationReason,
  type EscalationTopic,
  type EventDefinition,
  type EventEnvelope,
  EXAMPLE_PAYLOADS,
  type Language,
  MessageReceived,
} from '@support/contracts';
import { escalationGroupOf } from '@support/policy';
import type { KnowledgeDraft, KnowledgeGap, WordingGap } from '@support/knowledge';
import { eventually, launchChromium } from '@support/testing';
import type { Browser, BrowserContext } from 'playwright-core';
import { TokenService } from '../auth/token-service.js';
import { type GatewayHarness, startGatewayHarness } from '../testing/gateway-harness.js';

// Production settings: no demo issuer, staff tokens minted with AUTH_TOKEN_SECRET.
const SECRET = 'gaps-secret-gaps-secret-gaps-secret-0123456';
/** Runs script if anything ever parses an admin's reply as HTML. */
const MARKUP = '<img src=x onerror=alert(1)> <b>bold</b>';

interface Fixture {
  readonly key: string;
  readonly minutesAgo: number;
  readonly reason: EscalationReason;
  readonly language: Language;
  readonly topic: EscalationTopic | null;
  readonly question: string;
  readonly reply: string | null;
}

/** A customer's story the gate did not match, answered by choosing a section it offered. */
const CLARIFIED = {
  question: 'The dress came Sunday for my sister’s wedding and it is too tight, what now',
  section: {
    optionId: 'section:size-exchanges#2',
    title: 'Exchanging for another size',
    docId: 'size-exchanges',
    chunkId: 'size-exchanges#2',
  },
};

/** The offer and the pick, as the agent publishes them; `synthetic` marks evaluation traffic. */
/** `seal`: the question sealed under the customer's key, as the agent seals it. */
async function clarificationEvents(
  synthetic: boolean,
  seal: (customerId: string, text: string) => Promise<string>,
): Promise<EventEnvelope[]> {
  const conversationId = `conv-gaps-clarified-${newEventId().slice(0, 8)}`;
  const offerTurnId = newEventId();
  const choiceTurnId = newEventId();
  const meta = (turnId: string, minutesAgo: number) => ({
    id: newEventId(),
    occurredAt: new Date(Date.now() - minutesAgo * 60_000).toISOString(),
    conversationId,
    turnId,
    correlationId: turnId,
    ...(synthetic ? { synthetic: true } : {}),
  });
  const { section } = CLARIFIED;
  return [
    createEvent(
      ClarificationOffered,
      {
        ...EXAMPLE_PAYLOADS['clarification.offered'],
        replyId: newEventId(),
        question: await seal(
          'cust-1001',
          synthetic ? 'an evaluation question' : CLARIFIED.question,
        ),
      } as never,
      meta(offerTurnId, 10),
    ),
    createEvent(
      ClarificationChosen,
      {
        ...EXAMPLE_PAYLOADS['clarification.chosen'],
        offerTurnId,
        optionId: section.optionId,
        title: section.title,
        docId: section.docId,
        chunkId: section.chunkId,
      } as never,
      meta(choiceTurnId, 9),
    ),
  ];
}

const FIXTURES: Fixture[] = [
  {
    key: 'wholesale-1',
    minutesAgo: 90,
    reason: 'below_score_floor',
    language: 'en',
    topic: 'returns',
    question: 'Can I return unsold stock from my wholesale order?',
    reply: `Wholesale orders follow your reseller contract: unsold stock goes back within 60 days. ${MARKUP}`,
  },
  {
    key: 'wholesale-2',
    minutesAgo: 60,
    reason: 'answer_validation_failed',
    language: 'en',
    topic: 'returns',
    question: 'How do I return unsold wholesale stock?',
    reply: 'Unsold wholesale stock goes back within 60 days, as your reseller contract says.',
  },
  {
    key: 'arabic',
    minutesAgo: 45,
    reason: 'below_score_floor',
    language: 'ar',
    topic: 'delivery',
    question: 'هل توصلون إلى جزيرة مصيرة؟',
    reply: 'نعم، نوصل إلى جزيرة مصيرة خلال خمسة أيام عمل.',
  },
  // Not gaps: a genuine escalation, and an avoidable one nobody answered yet.
  {
    key: 'genuine',
    minutesAgo: 30,
    reason: 'agent_requested',
    language: 'en',
    topic: null,
    question: 'I want to talk to a person',
    reply: 'Hello, this is Huda.',
  },
  {
    key: 'unanswered',
    minutesAgo: 20,
    reason: 'below_score_floor',
    language: 'en',
    topic: 'payments',
    question: 'Do you take cheques?',
    reply: null,
  },
];

describe('knowledge gaps: admin API and page', () => {
  let harness: GatewayHarness;
  let browser: Browser;
  const tokens = new TokenService(SECRET, { now: () => new Date() });
  const ids = new Map<string, string>(); // fixture key -> escalation id
  const mint = (subject: string, role: 'admin' | 'analyst' | 'customer') =>
    tokens.issue({ subject, role });

  const call = async (method: 'GET' | 'POST', path: string, token?: string, body?: unknown) => {
    const response = await fetch(`${harness.gateway.url}${path}`, {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json().catch(() => null)) as never };
  };
  const gapsAs = async (token: string) =>
    ((await call('GET', '/admin/knowledge/gaps', token)).body as { gaps: KnowledgeGap[] }).gaps;
  const wordingAs = async (token: string) =>
    ((await call('GET', '/admin/knowledge/wording-gaps', token)).body as { wording: WordingGap[] })
      .wording;
  const gapOf = (gaps: KnowledgeGap[], key: string) =>
    gaps.find((gap) => gap.questions.some((q) => q.escalationId === ids.get(key)));

  beforeAll(async () => {
    harness = await startGatewayHarness({
      AUTH_TOKEN_SECRET: SECRET,
      DEMO_TOKENS: 'false',
      NODE_ENV: 'production',
    });
    const events: EventEnvelope[] = [];
    for (const fixture of FIXTURES) {
      const escalationId = newEventId();
      ids.set(fixture.key, escalationId);
      const conversationId = `conv-gaps-${fixture.key}-${newEventId().slice(0, 8)}`;
      const turnId = newEventId();
      const start = Date.now() - fixture.minutesAgo * 60_000;
      const meta = (offset: number) => ({
        id: newEventId(),
        occurredAt: new Date(start + offset).toISOString(),
        conversationId,
        turnId,
        correlationId: turnId,
      });
      const customerId = `cust-${fixture.key}`;
      events.push(
        // The turn's customer message first: the gateway delivers a handoff only for a turn it
        // recorded.
        createEvent(
          MessageReceived,
          {
            ...EXAMPLE_PAYLOADS['conversation.message_received'],
            customerId,
            messageId: newEventId(),
            text: await harness.seal(customerId, fixture.question),
            attachments: [],
          } as never,
          meta(0),
        ),
        createEvent(
          EscalationRaised,
          {
            ...EXAMPLE_PAYLOADS['escalation.raised'],
            customerId,
            escalationId,
            reason: fixture.reason,
            group: escalationGroupOf(fixture.reason),
            language: fixture.language,
            question: await harness.seal(customerId, fixture.question),
            transcript: [
              {
                role: 'customer',
                text: await harness.seal(customerId, fixture.question),
                at: meta(0).occurredAt,
              },
            ],
          } as never,
          meta(500),
        ),
      );
      if (fixture.topic)
        events.push(
          createEvent(
            EscalationClassified,
            { escalationId, topic: fixture.topic, classifier: 'rules', confidence: 0.9 },
            meta(900),
          ),
        );
      if (fixture.reply)
        events.push(
          createEvent(
            AdminReplied,
            {
              escalationId,
              provider: 'console',
              adminId: 'admin-huda',
              text: await harness.seal(customerId, fixture.reply),
              externalId: newEventId(),
            },
            meta(60_000),
          ),
        );
    }
    events.push(
      ...(await clarificationEvents(false, harness.seal)),
      ...(await clarificationEvents(true, harness.seal)),
    );
    for (const event of events) await harness.publisher.publish(event);
    const admin = await mint('admin-watcher', 'admin');
    await eventually(async () => (await gapsAs(admin)).length >= 2, 30_000);
    await eventually(async () => (await wordingAs(admin)).length === 1, 30_000);
    browser = await launchChromium();
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await harness?.close();
  }, 60_000);

  it('refuses customer and analyst tokens (403) on every route and needs a token (401)', async () => {
    const customer = await mint('cust-sneaky', 'customer');
    const analyst = await mint('analyst-1', 'analyst');
    const gapId = ids.get('wholesale-1')!;
    const draftId = newEventId();
    const edits = { title: 'T', lang: 'en', topic: 'returns', body: 'B' };
    const routes: ['GET' | 'POST', string, unknown?][] = [
      ['GET', '/admin/knowledge/gaps'],
      ['GET', '/admin/knowledge/wording-gaps'],
      ['GET', `/admin/knowledge/gaps/${gapId}`],
      ['POST', `/admin/knowledge/gaps/${gapId}/drafts`],
      ['GET', `/admin/knowledge/drafts/${draftId}`],
      ['POST', `/admin/knowledge/drafts/${draftId}/publish`, edits],
      ['POST', `/admin/knowledge/drafts/${draftId}/discard`],
    ];
    const statuses = [];
    for (const [method, path, body] of routes)
      statuses.push([
        `${method} ${path}`,
        (await call(method, path, customer, body)).status,
        (await call(method, path, analyst, body)).status,
        (await call(method, path, undefined, body)).status,
      ]);
    expect(statuses).toEqual(routes.map(([method, path]) => [`${method} ${path}`, 403, 403, 401]));
    // Nothing was drafted by the refused calls.
    expect(gapOf(await gapsAs(await mint('admin-huda', 'admin')), 'wholesale-1')?.status).toBe(
      'open',
    );
  });

  it('lists the sections reached only through a clarification, with the words customers used (not evaluation traffic)', async () => {
    expect(await wordingAs(await mint('admin-huda', 'admin'))).toEqual([
      {
        docId: CLARIFIED.section.docId,
        section: CLARIFIED.section.title,
        accepted: 1,
        questions: [CLARIFIED.question],
        lastChosenAt: expect.any(String),
      },
    ]);
  });

  it('lists answered avoidable escalations as gaps, replies as text, and nothing else', async () => {
    const gaps = await gapsAs(await mint('admin-huda', 'admin'));
    const wholesale = gapOf(gaps, 'wholesale-1')!;
    expect(wholesale).toMatchObject({
      gapId: ids.get('wholesale-1'),
      topic: 'returns',
      asked: 2,
      status: 'open',
      draftId: null,
    });
    expect(wholesale.questions.map((q) => q.escalationId)).toEqual([
      ids.get('wholesale-1'),
      ids.get('wholesale-2'),
    ]);
    // The markup is in the JSON as the admin typed it: a string, for the page to show as text.
    expect(wholesale.questions[0]!.replies[0]!.text).toContain(MARKUP);
    expect(gapOf(gaps, 'arabic')).toMatchObject({ topic: 'delivery', asked: 1 });
    expect(gapOf(gaps, 'genuine')).toBeUndefined();
    expect(gapOf(gaps, 'unanswered')).toBeUndefined();

    const one = await call(
      'GET',
      `/admin/knowledge/gaps/${wholesale.gapId}`,
      await mint('a', 'admin'),
    );
    expect(one).toEqual({ status: 200, body: { gap: wholesale } });
    for (const missing of [newEventId(), 'not-a-gap', "1' OR '1'='1"])
      expect(
        (
          await call(
            'GET',
            `/admin/knowledge/gaps/${encodeURIComponent(missing)}`,
            await mint('a', 'admin'),
          )
        ).status,
      ).toBe(404);
  });

  it('drafts once per gap, refuses bad edits, publishes once, and the gap closes', async () => {
    const admin = await mint('admin-huda', 'admin');
    const gapId = ids.get('arabic')!;
    const first = await call('POST', `/admin/knowledge/gaps/${gapId}/drafts`, admin);
    expect(first.status).toBe(200);
    const draft = (first.body as { draft: KnowledgeDraft }).draft;
    expect(draft).toMatchObject({
      gapId,
      lang: 'ar',
      topic: 'delivery',
      createdBy: 'admin-huda',
      origin: 'console',
      status: 'draft',
    });
    expect(draft.body).toContain('نعم، نوصل إلى جزيرة مصيرة خلال خمسة أيام عمل.');
    // A second click (another admin) opens the same draft.
    const again = await call(
      'POST',
      `/admin/knowledge/gaps/${gapId}/drafts`,
      await mint('omar', 'admin'),
    );
    expect((again.body as { draft: KnowledgeDraft }).draft.draftId).toBe(draft.draftId);
    await eventually(
      async () =>
        (await call('GET', `/admin/knowledge/drafts/${draft.draftId}`, admin)).status === 200,
    );
    expect(gapOf(await gapsAs(admin), 'arabic')).toMatchObject({
      status: 'drafted',
      draftId: draft.draftId,
    });

    const publish = (body: unknown) =>
      call('POST', `/admin/knowledge/drafts/${draft.draftId}/publish`, admin, body);
    const edits = {
      title: 'التوصيل إلى جزيرة مصيرة',
      lang: 'ar',
      topic: 'delivery',
      body: draft.body,
    };
    expect(await publish({ ...edits, lang: 'fr' })).toMatchObject({
      status: 400,
      body: { code: 'validation_failed' },
    });
    expect(await publish({ ...edits, body: 42 })).toMatchObject({ status: 400 });
    expect(await publish({ ...edits, title: ' ' })).toMatchObject({ status: 400 });
    expect(
      (await call('POST', `/admin/knowledge/drafts/${newEventId()}/publish`, admin, edits)).status,
    ).toBe(404);

    const published = await publish(edits);
    expect(published.status).toBe(200);
    const { docId } = published.body as { docId: string };
    expect(docId).toMatch(/^[a-z0-9][a-z0-9-]{0,127}$/);
    const upserted = await eventsOf(harness, DocumentUpserted);
    expect(upserted.filter((e) => e.payload.docId === docId)).toEqual([
      expect.objectContaining({
        payload: expect.objectContaining({
          source: 'admin_console',
          gapId,
          draftId: draft.draftId,
          publishedBy: 'admin-huda',
          title: edits.title,
          lang: 'ar',
        }),
      }),
    ]);
    await eventually(async () => gapOf(await gapsAs(admin), 'arabic')?.status === 'closed');
    expect(gapOf(await gapsAs(admin), 'arabic')).toMatchObject({ docId, draftId: draft.draftId });
    // Published is final: again is a conflict, and so is discarding it.
    expect((await publish(edits)).status).toBe(409);
    expect(
      (await call('POST', `/admin/knowledge/drafts/${draft.draftId}/discard`, admin)).status,
    ).toBe(409);
    expect((await eventsOf(harness, DraftPublished)).length).toBe(1);
    expect((await eventsOf(harness, DraftCreated)).length).toBe(1);
  });

  describe('in Chromium', () => {
    const contexts: BrowserContext[] = [];
    afterAll(async () => {
      for (const context of contexts) await context.close();
    });

    it('shows the gaps with their replies as text, drafts, discards; no dialog and no markup', async () => {
      const context = await browser.newContext({ baseURL: harness.gateway.url });
      contexts.push(context);
      context.setDefaultTimeout(20_000);
      const page = await context.newPage();
      const dialogs: string[] = [];
      const errors: string[] = [];
      page.on('dialog', (dialog) => {
        dialogs.push(dialog.message());
        void dialog.dismiss();
      });
      page.on('pageerror', (error) => errors.push(error.message));

      // A customer token pasted in the sign-in is refused, and no gap is shown.
      await page.goto('/admin/gaps');
      expect(await page.locator('#admin-login').isHidden()).toBe(true);
      await page.fill('#admin-token', await mint('cust-sneaky', 'customer'));
      await page.click('#admin-token-submit');
      await page.waitForSelector('#admin-error:not([hidden])');
      await expect(page.locator('#admin-error').textContent()).resolves.toBe(
        'Sign-in refused: this token is not an admin token.',
      );
      expect(await page.locator('.gap').count()).toBe(0);

      await page.fill('#admin-token', await mint('admin-amal', 'admin'));
      await page.click('#admin-token-submit');
      const gapId = ids.get('wholesale-1')!;
      const card = page.locator(`.gap[data-gap-id="${gapId}"]`);
      await card.waitFor();
      await expect(page.locator('#admin-signed-in').textContent()).resolves.toBe(
        'Signed in as admin-amal',
      );
      await expect(card.locator('.asked').textContent()).resolves.toBe('asked 2 times');
      await expect(card.locator('.badge.status').textContent()).resolves.toBe('open');
      await expect(card.locator('.replies').textContent()).resolves.toContain(MARKUP);
      expect(await page.locator('main img, main b').count()).toBe(0);
      // The Arabic gap (published above) reads right to left, and is closed.
      const arabic = page.locator(`.gap[data-gap-id="${ids.get('arabic')!}"]`);
      await expect(arabic.getAttribute('data-status')).resolves.toBe('closed');
      await expect(
        arabic.locator('.question-text').evaluate((node) => getComputedStyle(node).direction),
      ).resolves.toBe('rtl');
      expect(await arabic.locator('.draft-start').isHidden()).toBe(true);
      // The sections reached only through a clarification, with what the customer wrote.
      const wording = page.locator(`.wording-gap[data-doc-id="${CLARIFIED.section.docId}"]`);
      await expect(wording.locator('.section-title').textContent()).resolves.toBe(
        CLARIFIED.section.title,
      );
      await expect(wording.locator('.asked').textContent()).resolves.toBe('chosen once');
      await expect(wording.locator('.question-text').allTextContents()).resolves.toEqual([
        CLARIFIED.question,
      ]);
      // In Arabic at a phone's width: the section's own words, the page right to left, no scroll.
      await page.click('#language-switch');
      await expect(page.locator('#wording-heading').textContent()).resolves.toBe(
        'صياغة تختلف عن طريقة سؤال العملاء',
      );
      await expect(wording.locator('.asked').textContent()).resolves.toBe('اختير مرة واحدة');
      await page.setViewportSize({ width: 390, height: 900 });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        390,
      );
      await page.locator('#wording').screenshot({
        path: `${process.env.SCREENSHOT_DIR ?? '/tmp'}/gaps-wording-ar-390.png`,
      });
      await page.click('#language-switch');
      await page.setViewportSize({ width: 1280, height: 720 });

      // Draft: the editor holds the replies, markup included, as a textarea's text.
      await card.locator('.draft-start').click();
      const editor = card.locator('.draft-editor');
      await editor.waitFor();
      await expect(editor.locator('.draft-body').inputValue()).resolves.toContain(MARKUP);
      await expect(editor.locator('.draft-lang').inputValue()).resolves.toBe('en');
      await expect(editor.locator('.draft-topic').inputValue()).resolves.toBe('returns');
      expect(await page.locator('main img, main b').count()).toBe(0);
      await page.screenshot({
        path: `${process.env.SCREENSHOT_DIR ?? '/tmp'}/gaps-page-e2e.png`,
        fullPage: true,
      });

      // Discarded, the gap is open again and may be drafted anew.
      await editor.locator('.draft-discard').click();
      await editor.waitFor({ state: 'detached' });
      await eventually(async () => {
        await page.click('#gaps-refresh');
        return (await card.getAttribute('data-status')) === 'open';
      }, 15_000);
      expect(dialogs).toEqual([]);
      expect(errors).toEqual([]);
    });

    it('links the escalation queue and the gaps page both ways', async () => {
      const context = await browser.newContext({ baseURL: harness.gateway.url });
      contexts.push(context);
      const page = await context.newPage();
      await page.goto('/admin');
      await page.click('#admin-to-gaps');
      await page.waitForURL(/\/admin\/gaps$/);
      await page.click('#gaps-to-queue');
      await page.waitForURL(/\/admin$/);
    });
  });
});

/** Every event of one type in the harness's stream, oldest first. */
async function eventsOf(
  harness: GatewayHarness,
  event: EventDefinition,
): Promise<EventEnvelope<string, Record<string, unknown>>[]> {
  return (await readEventLog(harness.bus, event)).events as EventEnvelope<
    string,
    Record<string, unknown>
  >[];
}
