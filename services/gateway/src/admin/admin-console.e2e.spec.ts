import { ERASED_TEXT, PersonalData, sealEscalationFields } from '@support/privacy';
import { ConversationReader } from '@support/persistence';
import { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { newEventId, readEventLog } from '@support/bus';
import {
  createEvent,
  CustomerForgotten,
  EscalationClassified,
  EscalationRaised,
  type EscalationReason,
  type EventEnvelope,
  EXAMPLE_PAYLOADS,
  type Language,
  MessageReceived,
} from '@support/contracts';
import { escalationGroupOf } from '@support/policy';
import { bearer, eventually, type Frame, launchChromium, TestSocket } from '@support/testing';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { TokenService } from '../auth/token-service.js';
import { type GatewayHarness, startGatewayHarness } from '../testing/gateway-harness.js';

// The console as production runs it: no demo tokens, staff tokens minted with AUTH_TOKEN_SECRET
// (what `cli token --role admin --sub NAME` does, with this same TokenService).
const SECRET = 'console-secret-console-secret-0123456789';
const MARKUP = '<img src=x onerror="xssFired=true"><b>now</b>';

interface Fixture {
  readonly key: string;
  readonly minutesAgo: number;
  readonly reason: EscalationReason;
  readonly language: Language;
  readonly topic: string | null;
  readonly question: string;
}

// Published newest first: the queue's order must come from the waiting time, not arrival.
const FIXTURES: Fixture[] = [
  {
    key: 'human',
    minutesAgo: 10,
    reason: 'agent_requested',
    language: 'en',
    topic: null,
    // A message that reached the bus by another way than the gateway, which refuses the override.
    question: 'Can I talk to a person about order \u202e1001-DRO\u202c?',
  },
  {
    key: 'arabic',
    minutesAgo: 25,
    reason: 'retrieval_unavailable',
    language: 'ar',
    topic: 'delivery',
    question: 'وين طلبي؟ تأخر التوصيل',
  },
  {
    key: 'wholesale',
    minutesAgo: 40,
    reason: 'below_score_floor',
    language: 'en',
    topic: 'returns',
    question: `Can I return a wholesale order? ${MARKUP}`,
  },
];

describe('admin console: minted sign-in, ordered and filtered queue, claims', () => {
  let harness: GatewayHarness;
  let browser: Browser;
  let adminWs: string;
  const tokens = new TokenService(SECRET, { now: () => new Date() });
  const ids = new Map<string, { escalationId: string; conversationId: string }>();
  const sockets: TestSocket[] = [];

  const mint = (subject: string, role: 'admin' | 'analyst' | 'customer') =>
    tokens.issue({ subject, role });
  const get = (path: string, token?: string) =>
    fetch(`${harness.gateway.url}${path}`, {
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
  async function adminSocket(subject: string): Promise<TestSocket> {
    const socket = await TestSocket.open(adminWs, bearer(await mint(subject, 'admin')));
    sockets.push(socket);
    return socket;
  }
  async function snapshot(socket: TestSocket, filter: object = {}): Promise<Frame> {
    const from = socket.frames.length;
    socket.send({ type: 'queue', filter });
    return socket.next((f) => f.type === 'snapshot', 10_000, from);
  }
  const escalationsOf = (frame: Frame) =>
    frame.escalations as { escalationId: string; claimedBy: string | null; question: string }[];
  const keysOf = (frame: Frame) =>
    escalationsOf(frame).map(
      (e) => [...ids].find(([, v]) => v.escalationId === e.escalationId)?.[0],
    );

  beforeAll(async () => {
    harness = await startGatewayHarness({
      AUTH_TOKEN_SECRET: SECRET,
      DEMO_TOKENS: 'false',
      NODE_ENV: 'production',
    });
    adminWs = `${harness.gateway.url.replace('http', 'ws')}/admin/ws`;
    const events: EventEnvelope[] = [];
    for (const fixture of FIXTURES) {
      const escalationId = newEventId();
      const conversationId = `conv-console-${fixture.key}-${newEventId().slice(0, 8)}`;
      const turnId = newEventId();
      ids.set(fixture.key, { escalationId, conversationId });
      const start = Date.now() - fixture.minutesAgo * 60_000;
      const meta = (offset: number) => ({
        id: newEventId(),
        occurredAt: new Date(start + offset).toISOString(),
        conversationId,
        turnId,
        correlationId: turnId,
      });
      const customerId = `cust-${fixture.key}`;
      const personalData = harness.gateway.app.get(PersonalData);
      events.push(
        createEvent(
          MessageReceived,
          {
            ...EXAMPLE_PAYLOADS['conversation.message_received'],
            customerId,
            messageId: newEventId(),
            text: await harness.gateway.app
              .get(PersonalData)
              .sealText(customerId, fixture.question),
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
            ...(await sealEscalationFields(personalData, customerId, {
              question: fixture.question,
              transcript: [{ role: 'customer', text: fixture.question, at: meta(0).occurredAt }],
              ordersMentioned: [],
            })),
          } as never,
          meta(500),
        ),
      );
      if (fixture.topic)
        events.push(
          createEvent(
            EscalationClassified,
            { escalationId, topic: fixture.topic, classifier: 'rules', confidence: 0.9 } as never,
            meta(900),
          ),
        );
    }
    for (const event of events) await harness.publisher.publish(event);
    // Wait until the projections hold all three, classified.
    const watcher = await adminSocket('admin-watcher');
    await eventually(async () => {
      const all = escalationsOf(await snapshot(watcher)) as unknown as { topic: string | null }[];
      return all.length === 3 && all.filter((e) => e.topic !== null).length === 2;
    }, 20_000);
    browser = await launchChromium();
  }, 120_000);

  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await browser?.close();
    await harness?.close();
  }, 60_000);

  it('lists the open escalations longest waiting first, filtered by reason, group, topic and language', async () => {
    const admin = await adminSocket('admin-queue');
    const all = await snapshot(admin);
    expect(keysOf(all)).toEqual(['wholesale', 'arabic', 'human']);
    expect(all.filterOptions).toMatchObject({
      group: ['genuine', 'avoidable'],
      language: ['en', 'ar', 'mixed'],
    });
    expect(keysOf(await snapshot(admin, { group: 'genuine' }))).toEqual(['arabic', 'human']);
    expect(keysOf(await snapshot(admin, { reason: 'below_score_floor' }))).toEqual(['wholesale']);
    expect(keysOf(await snapshot(admin, { topic: 'delivery' }))).toEqual(['arabic']);
    expect(keysOf(await snapshot(admin, { topic: 'pending' }))).toEqual(['human']);
    expect(keysOf(await snapshot(admin, { language: 'en', group: 'genuine' }))).toEqual(['human']);
    const from = admin.frames.length;
    admin.send({ type: 'queue', filter: { language: 'fr' } });
    expect(await admin.next((f) => f.type !== 'claimed', 10_000, from)).toMatchObject({
      type: 'error',
      code: 'bad_frame',
    });
  });

  it('two admins claim the same escalation at once on two sockets: one wins, the other is refused and told who', async () => {
    const { escalationId } = ids.get('arabic')!;
    const [huda, omar] = await Promise.all([adminSocket('admin-huda'), adminSocket('admin-omar')]);
    huda.send({ type: 'claim', escalationId });
    omar.send({ type: 'claim', escalationId });
    const answers = await Promise.all(
      [huda, omar].map((s) =>
        s.next((f) => f.type === 'claim_result' || f.type === 'claim_refused'),
      ),
    );
    const won = answers.filter((a) => a.type === 'claim_result');
    const lost = answers.filter((a) => a.type === 'claim_refused');
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(1);
    const holder = won[0]!.holder as string;
    expect(['admin-huda', 'admin-omar']).toContain(holder);
    expect(lost[0]).toEqual({
      type: 'claim_refused',
      escalationId,
      reason: 'held_by_other',
      holder,
      message: `${holder} is handling this escalation; only they can answer or release it.`,
    });
    // Every console learns who holds it from the event log, live.
    for (const socket of [huda, omar])
      expect(
        await socket.next((f) => f.type === 'claimed' && f.escalationId === escalationId),
      ).toMatchObject({ adminId: holder, sequence: 1 });

    // The other admin's reply is refused; the holder's goes through.
    const [winner, loser] = holder === 'admin-huda' ? [huda, omar] : [omar, huda];
    loser.send({ type: 'reply', escalationId, clientMessageId: 'loser-1', text: 'I got this' });
    expect(await loser.next((f) => f.clientMessageId === 'loser-1')).toMatchObject({
      type: 'error',
      code: 'conflict',
      message: `${holder} is handling this escalation; your reply was not sent.`,
    });
    // Claiming again is idempotent for the holder.
    const from = winner.frames.length;
    winner.send({ type: 'claim', escalationId });
    expect(await winner.nextOfType('claim_result', 10_000, from)).toMatchObject({
      outcome: 'claimed',
      holder,
    });
    // A fresh console sees the holder in the queue (from the projection).
    await eventually(async () => {
      const queue = escalationsOf(await snapshot(winner));
      return queue.find((e) => e.escalationId === escalationId)?.claimedBy === holder;
    });

    // Released, the other admin may claim it.
    winner.send({ type: 'release', escalationId });
    expect(await loser.next((f) => f.type === 'claim_released')).toMatchObject({
      escalationId,
      adminId: holder,
      sequence: 2,
    });
    const before = loser.frames.length;
    loser.send({ type: 'claim', escalationId });
    expect(await loser.nextOfType('claim_result', 10_000, before)).toMatchObject({
      outcome: 'claimed',
    });
  });

  it('refuses customer tokens (403) on every admin endpoint and the socket, analysts too; no token is 401', async () => {
    const customer = await mint('cust-sneaky', 'customer');
    const analyst = await mint('analyst-1', 'analyst');
    const { conversationId } = ids.get('wholesale')!;
    const endpoints = ['/admin/session', `/admin/conversations/${conversationId}/traces`];
    for (const path of endpoints) {
      expect([path, (await get(path, customer)).status]).toEqual([path, 403]);
      expect([path, (await get(path, analyst)).status]).toEqual([path, 403]);
      expect([path, (await get(path)).status]).toEqual([path, 401]);
    }
    // The claim, release, queue and reply frames exist only on the admin socket.
    for (const token of [customer, analyst])
      await expect(TestSocket.open(adminWs, bearer(token))).rejects.toMatchObject({
        status: 403,
      });
    const admin = await mint('admin-huda', 'admin');
    expect(await (await get('/admin/session', admin)).json()).toMatchObject({
      subject: 'admin-huda',
      role: 'admin',
    });
    const traces = (await (
      await get(`/admin/conversations/${conversationId}/traces`, admin)
    ).json()) as { traces: { trace: { conversationId: string } }[] };
    expect(traces.traces[0]!.trace.conversationId).toBe(conversationId);
  });

  it("forgets a customer on an admin's request: the keys go, customer.forgotten names the admin, the transcript reads [erased]", async () => {
    const forget = (customerId: string, token: string) =>
      fetch(`${harness.gateway.url}/admin/customers/${customerId}/forget`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
      });
    expect((await forget('cust-arabic', await mint('cust-arabic', 'customer'))).status).toBe(403);
    const { conversationId } = ids.get('arabic')!;
    const history = () =>
      new ConversationReader(
        harness.gateway.app.get(DataSource),
        harness.gateway.app.get(PersonalData),
      ).history(conversationId);
    expect((await history())[0]!.text).toBe(FIXTURES.find((f) => f.key === 'arabic')!.question);

    const response = await forget('cust-arabic', await mint('admin-huda', 'admin'));
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      customerId: 'cust-arabic',
      keyIds: [expect.any(String)],
      conversationIds: [conversationId],
      requestedBy: 'admin-huda',
      reason: 'request',
    });
    const { events } = await readEventLog(harness.bus, CustomerForgotten);
    expect(events.map((e) => e.payload)).toContainEqual(
      expect.objectContaining({ customerId: 'cust-arabic', requestedBy: 'admin-huda' }),
    );
    await eventually(async () => (await history())[0]!.text === ERASED_TEXT, 10_000);
  });

  it('has no demo sign-in here: the demo issuer answers 404', async () => {
    expect((await get('/auth/demo-token')).status).toBe(404);
    const post = await fetch(`${harness.gateway.url}/auth/demo-token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ customerId: 'admin-1', role: 'admin' }),
    });
    expect(post.status).toBe(404);
  });

  describe('in Chromium', () => {
    const contexts: BrowserContext[] = [];
    afterAll(async () => {
      for (const context of contexts) await context.close();
    });

    async function signedIn(subject: string): Promise<{ page: Page; errors: string[] }> {
      const context = await browser.newContext({ baseURL: harness.gateway.url });
      contexts.push(context);
      context.setDefaultTimeout(20_000);
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      await page.goto('/admin');
      await page.fill('#admin-token', await mint(subject, 'admin'));
      await page.click('#admin-token-submit');
      await page.waitForSelector('#admin-conn-status[data-state="open"]');
      await page.waitForSelector('.escalation');
      return { page, errors };
    }
    const card = (page: Page, key: string) =>
      page.locator(`.escalation[data-escalation-id="${ids.get(key)!.escalationId}"]`);

    it('signs in with a pasted token (a customer token is refused), shows the queue in order, filters, claims from two browsers', async () => {
      // A customer token pasted in the form is refused with the reason, and nothing is shown.
      const context = await browser.newContext({ baseURL: harness.gateway.url });
      contexts.push(context);
      const sneaky = await context.newPage();
      await sneaky.goto('/admin');
      expect(await sneaky.locator('#admin-login').isHidden()).toBe(true);
      await sneaky.fill('#admin-token', await mint('cust-sneaky', 'customer'));
      await sneaky.click('#admin-token-submit');
      await sneaky.waitForSelector('#admin-error:not([hidden])');
      await expect(sneaky.locator('#admin-error').textContent()).resolves.toBe(
        'Sign-in refused: this token is not an admin token.',
      );
      expect(await sneaky.locator('.escalation').count()).toBe(0);

      const { page: a, errors: aErrors } = await signedIn('admin-amal');
      const { page: b, errors: bErrors } = await signedIn('admin-badr');
      await expect(a.locator('#admin-signed-in').textContent()).resolves.toBe(
        'Signed in as admin-amal',
      );
      expect(await a.locator('#admin-login').isHidden()).toBe(true);

      // Oldest first, waiting time shown and ticking.
      const order = await a
        .locator('.escalation')
        .evaluateAll((cards) => cards.map((c) => (c as HTMLElement).dataset.escalationId));
      expect(order.slice(0, 3)).toEqual(
        ['wholesale', 'arabic', 'human'].map((k) => ids.get(k)!.escalationId),
      );
      const waiting = card(a, 'wholesale').locator('.waiting');
      expect(await waiting.textContent()).toMatch(/^Waiting (39|40|41) min( \d+ sec)?$/);
      const first = await waiting.textContent();
      await a.waitForFunction(
        ([selector, before]) => document.querySelector(selector!)?.textContent !== before,
        [`.escalation[data-escalation-id="${ids.get('wholesale')!.escalationId}"] .waiting`, first],
      );

      // Markup from the customer is text.
      await expect(card(a, 'wholesale').locator('.question').textContent()).resolves.toContain(
        MARKUP,
      );
      expect(await a.locator('.escalation img, .escalation b').count()).toBe(0);
      // A control that reorders text is shown as its code point, never applied.
      await expect(card(a, 'human').locator('.question').textContent()).resolves.toContain(
        'order [U+202E]1001-DRO[U+202C]?',
      );
      await expect(card(a, 'human').locator('.transcript').textContent()).resolves.not.toMatch(
        /[\u202a-\u202e\u2066-\u2069]/,
      );

      // Filter: genuine only, then Arabic only.
      await a.selectOption('#filter-group', 'genuine');
      await card(a, 'wholesale').waitFor({ state: 'hidden' });
      await expect(card(a, 'arabic').isVisible()).resolves.toBe(true);
      await a.selectOption('#filter-language', 'ar');
      await card(a, 'human').waitFor({ state: 'hidden' });
      await expect(a.locator('#queue-count').textContent()).resolves.toBe('1 open');
      await a.selectOption('#filter-group', '');
      await a.selectOption('#filter-language', '');
      await card(a, 'wholesale').waitFor();

      // Both click Claim on the same escalation: one holds it, the other is refused. The claim
      // frame of the first may disable the other's button before its click lands: clicked without
      // waiting for it to be enabled, a disabled button just does nothing.
      await Promise.all([
        card(a, 'wholesale').locator('.claim').click({ force: true }),
        card(b, 'wholesale').locator('.claim').click({ force: true }),
      ]);
      const holderOf = (page: Page) =>
        page.waitForFunction(
          (selector) =>
            document.querySelector<HTMLElement>(selector)?.dataset.claimedBy || undefined,
          `.escalation[data-escalation-id="${ids.get('wholesale')!.escalationId}"]`,
        );
      const holder = await (await holderOf(a)).jsonValue();
      expect(await (await holderOf(b)).jsonValue()).toBe(holder);
      const [winner, loser] = holder === 'admin-amal' ? [a, b] : [b, a];
      await expect(card(winner, 'wholesale').locator('.owner').textContent()).resolves.toBe(
        'You handle this',
      );
      await expect(card(loser, 'wholesale').locator('.owner').textContent()).resolves.toBe(
        `${holder} handles this`,
      );
      // The loser's click may have reached the server after the win (refused, with a note) or
      // after the claim frame disabled the button; either way the loser cannot answer.
      await expect(card(loser, 'wholesale').locator('.reply-send').isDisabled()).resolves.toBe(
        true,
      );
      const note = await card(loser, 'wholesale').locator('.claim-note').textContent();
      if (note) expect(note).toBe(`${holder} handles this escalation.`);
      await expect(card(winner, 'wholesale').locator('.claim').textContent()).resolves.toBe(
        'Release',
      );

      await winner.screenshot({
        path: `${process.env.SCREENSHOT_DIR ?? '/tmp'}/admin-console.png`,
        fullPage: true,
      });

      // The trace is one click away, with the admin's own token.
      await card(winner, 'wholesale').locator('.trace-link').click();
      await winner.waitForURL(/\/admin\/trace\?conversation=/);
      const turn = winner.locator('#trace-turns section').first();
      await turn.waitFor();
      await expect(winner.locator('#trace-turns').textContent()).resolves.toContain(MARKUP);
      expect(await winner.locator('#trace-turns img, #trace-turns b').count()).toBe(0);
      expect([...aErrors, ...bErrors]).toEqual([]);
    });

    it('forgets a customer from a card after a confirmation, in English and in Arabic, at 1280 and 390 px', async () => {
      const shots = process.env.SCREENSHOT_DIR ?? '/tmp';
      const { page, errors } = await signedIn('admin-rana');
      await page.setViewportSize({ width: 1280, height: 800 });
      const dialog = page.locator('#forget-dialog');
      const forgottenOf = async (customerId: string) =>
        (await readEventLog(harness.bus, CustomerForgotten)).events
          .map((e) => e.payload as { customerId: string; requestedBy: string })
          .filter((p) => p.customerId === customerId);

      // The card's button opens the confirmation for its customer; Cancel forgets nobody.
      await card(page, 'human').locator('.forget-customer').click();
      await dialog.locator('#forget-confirm').waitFor();
      await expect(page.locator('#forget-warning').textContent()).resolves.toMatch(
        /^Forget customer cust-human\? .*This cannot be undone\.$/,
      );
      await page.screenshot({ path: `${shots}/admin-forget-1280.png` });
      await dialog.locator('#forget-confirm .forget-cancel').click();
      await dialog.waitFor({ state: 'hidden' });
      expect(await forgottenOf('cust-human')).toEqual([]);

      // Confirmed: the keys go, the dialog says what was destroyed, the question reads [erased].
      await card(page, 'human').locator('.forget-customer').click();
      await dialog.locator('#forget-confirm button[type="submit"]').click();
      await dialog.locator('#forget-result:not([hidden])').waitFor();
      await expect(page.locator('#forget-result').textContent()).resolves.toBe(
        'Customer cust-human is forgotten: 1 key destroyed, 1 conversation erased.',
      );
      expect((await forgottenOf('cust-human')).map((p) => p.requestedBy)).toEqual(['admin-rana']);
      await dialog.locator('#forget-done .forget-cancel').click();
      await eventually(async () => {
        await page.reload();
        await card(page, 'human').waitFor();
        return (await card(page, 'human').locator('.question').textContent()) === ERASED_TEXT;
      }, 15_000);

      // In Arabic on a phone: the header's button, a customer typed in, the result in Arabic.
      await page.setViewportSize({ width: 390, height: 844 });
      await page.click('#language-switch');
      await page.waitForFunction(() => document.documentElement.lang === 'ar');
      await expect(page.locator('#forget-open').textContent()).resolves.toBe('نسيان عميل');
      await page.click('#forget-open');
      await page.fill('#forget-customer-id', 'cust-never-wrote');
      await dialog.locator('#forget-ask button[type="submit"]').click();
      await expect(page.locator('#forget-warning').textContent()).resolves.toContain(
        'نسيان العميل cust-never-wrote؟',
      );
      await page.screenshot({ path: `${shots}/admin-forget-390-ar.png` });
      await dialog.locator('#forget-confirm button[type="submit"]').click();
      await dialog.locator('#forget-result:not([hidden])').waitFor();
      await expect(page.locator('#forget-result').textContent()).resolves.toBe(
        'تم نسيان العميل cust-never-wrote: لا مفتاح يحمل كلماته، لا محادثات.',
      );
      await page.screenshot({ path: `${shots}/admin-forget-390-ar-done.png` });
      expect(errors).toEqual([]);
    });

    it('an analyst signs in to the dashboard with a pasted token (no demo issuer here)', async () => {
      const context = await browser.newContext({ baseURL: harness.gateway.url });
      contexts.push(context);
      const page = await context.newPage();
      await page.goto('/dashboard');
      await page.fill('#dash-token', await mint('analyst-1', 'analyst'));
      await page.click('#dash-token-submit');
      await page.waitForSelector('#dash:not([hidden])', { timeout: 20_000 });
      expect(await page.locator('#dash-token-login').isHidden()).toBe(true);
      // An admin token is not an analyst token.
      await page.evaluate(() => sessionStorage.clear());
      await page.goto('/dashboard');
      await page.fill('#dash-token', await mint('admin-huda', 'admin'));
      await page.click('#dash-token-submit');
      await page.waitForSelector('#dash-error:not([hidden])');
      await expect(page.locator('#dash-error').textContent()).resolves.toBe(
        'Please sign in as an analyst.',
      );
    });
  });
});
