import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { EventPublisher, newEventId, readEventLog } from '@support/bus';
import {
  AdminReplied,
  createEvent,
  EscalationRaised,
  type EventEnvelope,
  EXAMPLE_PAYLOADS,
  MessageReceived as MessageReceivedEvent,
  ReplySent,
} from '@support/contracts';
import { type StartedService } from '@support/platform';
import { eventually, launchChromium } from '@support/testing';
import { type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { TokenService } from '../auth/token-service.js';
import { type GatewayHarness, startGatewayHarness } from '../testing/gateway-harness.js';

// Drives the real customer chat page (chat.html/chat.js/chat.css) in headless Chromium against a real
// gateway, a test-owned nats-server and a fresh Postgres database. Replies are published on the bus
// the way the agent and escalation services would publish them.

const SECRET = 'page-e2e-secret-page-e2e-secret-page-e2e';
const UI_TIMEOUT_MS = 10_000;
const RETURNS_CITATION = {
  chunkId: 'returns-retail#2',
  docId: 'returns-retail',
  title: 'Returns (retail orders)',
};

type MessageReceived = EventEnvelope<
  string,
  { customerId: string; text: string; messageId: string; channel: string }
>;

describe('customer chat page in a real browser', () => {
  let harness: GatewayHarness;
  let gateway: StartedService;
  let publisher: EventPublisher;
  let browser: Browser;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    // Two messages at once per customer, then one every two seconds: the rate-limit test sends a
    // third; every other test sends at most two.
    harness = await startGatewayHarness({
      AUTH_TOKEN_SECRET: SECRET,
      WS_RATE_BURST: '2',
      WS_RATE_PER_MINUTE: '30',
    });
    ({ gateway, publisher } = harness);
    browser = await launchChromium();
  }, 90_000);

  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => undefined);
    await browser?.close();
    await harness?.close();
  }, 60_000);

  // ---------------------------------------------------------------------------
  // Helpers
  // ---------------------------------------------------------------------------

  /** A fresh browser context (own storage) with the page loaded, signed in and connected. */
  async function openChat(
    customerId: string,
    viewport = { width: 1280, height: 800 },
  ): Promise<{ page: Page; pageErrors: string[]; frames: string[] }> {
    const context = await browser.newContext({ baseURL: gateway.url, viewport, locale: 'en-US' });
    contexts.push(context);
    context.setDefaultTimeout(UI_TIMEOUT_MS);
    const page = await context.newPage();
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    // What the gateway sent over the chat socket.
    const frames: string[] = [];
    page.on('websocket', (ws) =>
      ws.on('framereceived', (frame) => frames.push(String(frame.payload))),
    );

    const response = await page.goto('/');
    expect(response?.status()).toBe(200);
    await page.locator('#login').waitFor({ state: 'visible' });
    await page.fill('#login-customer', customerId);
    await page.click('#login-submit');
    await page.waitForSelector('#conn-status[data-state="open"]');
    await expect(page.locator('#who').textContent()).resolves.toContain(customerId);
    await page.waitForSelector('#composer-send:not([disabled])');
    return { page, pageErrors, frames };
  }

  /** Types and sends a message; resolves with its bubble once the gateway acked it. */
  async function sendMessage(page: Page, text: string): Promise<Locator> {
    await page.fill('#composer-input', text);
    await page.click('#composer-send');
    const bubble = page.locator('#messages .msg[data-role="customer"]', { hasText: text }).last();
    await bubble.and(page.locator('[data-state="sent"]')).waitFor();
    await expect(page.inputValue('#composer-input')).resolves.toBe('');
    return bubble;
  }

  /** The conversation.message_received event the gateway put in the stream for this customer's text. */
  async function receivedEvent(customerId: string, text: string): Promise<MessageReceived> {
    return eventually(
      async () => {
        const events = (await harness.customerMessages()) as MessageReceived[];
        const match = events.find(
          (e) => e.payload.customerId === customerId && e.payload.text === text,
        );
        if (!match) throw new Error(`no conversation.message_received for ${customerId}: ${text}`);
        return match;
      },
      UI_TIMEOUT_MS,
      100,
    );
  }

  function metaFor(cause: MessageReceived) {
    return {
      id: newEventId(),
      occurredAt: new Date().toISOString(),
      conversationId: cause.conversationId,
      turnId: cause.turnId,
      causationId: cause.id,
      correlationId: cause.turnId ?? cause.id,
    };
  }

  async function publishReply(
    cause: MessageReceived,
    reply: {
      kind: 'answer' | 'abstention' | 'holding' | 'human';
      text: string;
      language: 'en' | 'ar';
      citations?: (typeof RETURNS_CITATION)[];
    },
  ): Promise<void> {
    const payload = {
      replyId: newEventId(),
      customerId: cause.payload.customerId,
      kind: reply.kind,
      text: await harness.seal(cause.payload.customerId, reply.text),
      language: reply.language,
      citations: reply.citations ?? [],
    };
    // A human reply relays an admin's answer: the gateway shows it only as caused by one.
    const meta = metaFor(cause);
    if (reply.kind === 'human') meta.causationId = (await publishAdminReply(cause, reply.text)).id;
    await publisher.publish(createEvent(ReplySent, payload as never, meta));
  }

  /**
   * Another message of the same conversation with a turn of its own, as the gateway records one:
   * the gateway shows one reply per turn (a second is refused as forged).
   */
  async function followUp(cause: MessageReceived, text: string): Promise<MessageReceived> {
    const turnId = newEventId();
    const event = createEvent(
      MessageReceivedEvent,
      {
        ...cause.payload,
        text: await harness.seal(cause.payload.customerId, text),
        attachments: [],
        messageId: newEventId(),
      } as never,
      { ...metaFor(cause), turnId, causationId: null, correlationId: turnId },
    ) as MessageReceived;
    await publisher.publish(event);
    return event;
  }

  async function publishAdminReply(cause: MessageReceived, text: string) {
    const event = createEvent(
      AdminReplied,
      {
        escalationId: newEventId(),
        provider: 'console',
        adminId: 'admin-1',
        text: await harness.seal(cause.payload.customerId, text),
        externalId: `console:${newEventId()}`,
      },
      { ...metaFor(cause), causationId: null },
    );
    await publisher.publish(event);
    return event;
  }

  async function publishEscalation(cause: MessageReceived): Promise<void> {
    // `cause` is read opened (harness.customerMessages): sealed again, as the agent raises it.
    const { customerId, text } = cause.payload;
    const payload = {
      ...EXAMPLE_PAYLOADS['escalation.raised'],
      escalationId: newEventId(),
      customerId,
      question: await harness.seal(customerId, text),
      transcript: [
        { role: 'customer', text: await harness.seal(customerId, text), at: cause.occurredAt },
      ],
    };
    await publisher.publish(createEvent(EscalationRaised, payload as never, metaFor(cause)));
  }

  /** The agent/human reply bubble whose text contains `text` (waits for it to appear). */
  async function replyBubble(page: Page, role: 'agent' | 'human', text: string): Promise<Locator> {
    const bubble = page.locator(`#messages .msg[data-role="${role}"]`, { hasText: text }).last();
    await bubble.waitFor();
    return bubble;
  }

  const computedDirection = (bubble: Locator) =>
    bubble.evaluate((node) => getComputedStyle(node).direction);

  // ---------------------------------------------------------------------------
  // Tests
  // ---------------------------------------------------------------------------

  it('signs in, connects, and puts an English message in the stream as conversation.message_received', async () => {
    const customerId = 'cust-page-en';
    const { page, pageErrors } = await openChat(customerId);
    const text = 'Where is my order ORD-1001?';

    const bubble = await sendMessage(page, text);
    expect(await bubble.getAttribute('dir')).toBe('ltr');
    expect(await bubble.locator('.msg-body').textContent()).toBe(text);

    const event = await receivedEvent(customerId, text);
    expect(event).toMatchObject({
      type: 'conversation.message_received',
      payload: {
        customerId,
        text,
        channel: 'web',
        messageId: await bubble.getAttribute('data-message-id'),
      },
    });
    expect(event.conversationId).toBe(
      await page.evaluate((id) => localStorage.getItem(`chat.conversationId.${id}`), customerId),
    );
    expect(event.turnId).toBeTruthy();
    expect(pageErrors).toEqual([]);
  });

  it('lays out Arabic right-to-left, renders a cited Arabic answer, and an English answer left-to-right', async () => {
    const customerId = 'cust-page-ar';
    const { page, pageErrors } = await openChat(customerId);
    const question = 'متى يصل طلبي؟';

    const bubble = await sendMessage(page, question);
    expect(await bubble.getAttribute('dir')).toBe('rtl');
    expect(await computedDirection(bubble)).toBe('rtl');
    const cause = await receivedEvent(customerId, question);

    const arabicTitle = 'الإرجاع (طلبات التجزئة)';
    await publishReply(cause, {
      kind: 'answer',
      language: 'ar',
      text: 'يمكن إرجاع القطع غير الملبوسة خلال 14 يومًا من التسليم [returns-retail#2].',
      citations: [{ ...RETURNS_CITATION, title: arabicTitle }],
    });
    const arabic = await replyBubble(page, 'agent', 'يمكن إرجاع القطع');
    expect(await arabic.getAttribute('dir')).toBe('rtl');
    expect(await computedDirection(arabic)).toBe('rtl');
    expect(await arabic.getAttribute('data-kind')).toBe('answer');
    // The marker becomes a numbered footnote; the id itself only shows in the Sources list.
    expect(await arabic.locator('.msg-body').textContent()).not.toContain('[returns-retail#2]');
    expect(await arabic.locator('sup.cite a[data-chunk-id="returns-retail#2"]').textContent()).toBe(
      '1',
    );
    const source = arabic.locator('.sources li[data-chunk-id="returns-retail#2"]');
    expect(await source.locator('.source-title').textContent()).toBe(arabicTitle);
    expect(await source.getAttribute('data-doc-id')).toBe('returns-retail');

    await publishReply(await followUp(cause, 'And in English?'), {
      kind: 'answer',
      language: 'en',
      text: 'Yes: unworn items can be returned within 14 days of delivery [returns-retail#2].',
      citations: [RETURNS_CITATION],
    });
    const english = await replyBubble(page, 'agent', 'unworn items can be returned');
    expect(await english.getAttribute('dir')).toBe('ltr');
    expect(await computedDirection(english)).toBe('ltr');
    expect(
      await english
        .locator('.sources li[data-chunk-id="returns-retail#2"] .source-title')
        .textContent(),
    ).toBe(RETURNS_CITATION.title);
    expect(pageErrors).toEqual([]);
  });

  it('shows the human takeover banner and the colleague reply', async () => {
    const customerId = 'cust-page-human';
    const { page, pageErrors } = await openChat(customerId);
    const question = 'Can I return a wholesale order?';
    await sendMessage(page, question);
    const cause = await receivedEvent(customerId, question);
    expect(await page.isHidden('#human-banner')).toBe(true);

    await publishEscalation(cause);
    await page.locator('#human-banner').waitFor({ state: 'visible' });

    const words = 'Wholesale orders follow your contract; I have opened a return for you.';
    await publishReply(cause, { kind: 'human', language: 'en', text: words });
    const human = await replyBubble(page, 'human', words);
    expect(await human.getAttribute('data-kind')).toBe('human');
    expect(await human.locator('.msg-body').textContent()).toBe(words);
    // A person stays on the conversation until the assistant answers again.
    expect(await page.isVisible('#human-banner')).toBe(true);
    expect(pageErrors).toEqual([]);
  });

  it('shows HTML in a reply as text and never creates the element', async () => {
    const customerId = 'cust-page-xss';
    const { page, pageErrors } = await openChat(customerId);
    const question = 'Hello?';
    await sendMessage(page, question);
    const cause = await receivedEvent(customerId, question);

    const markup = '<img src=x onerror="window.__pwned=1"> <b>bold</b>';
    await publishReply(cause, { kind: 'human', language: 'en', text: markup });
    const bubble = await replyBubble(page, 'human', '<img src=x');
    expect(await bubble.locator('.msg-body').textContent()).toBe(markup);
    expect(await bubble.locator('img, b').count()).toBe(0);
    expect(await page.locator('#messages img').count()).toBe(0);
    expect(
      await page.evaluate(() => (window as unknown as { __pwned?: unknown }).__pwned),
    ).toBeUndefined();
    expect(pageErrors).toEqual([]);
  });

  // ---------------------------------------------------------------------------
  // Sessions: no token from the URL, a fresh token when the gateway closes an expired one
  // ---------------------------------------------------------------------------

  const tokens = new TokenService(SECRET, { now: () => new Date() });

  /** A page that starts with `token` already in its session storage (as after a sign-in). */
  async function openSignedIn(url: string, token: string, customerId: string) {
    const context = await browser.newContext({ baseURL: url });
    contexts.push(context);
    context.setDefaultTimeout(UI_TIMEOUT_MS);
    await context.addInitScript(
      ([token, customerId]) => {
        if (sessionStorage.getItem('chat.token')) return;
        sessionStorage.setItem('chat.token', token!);
        sessionStorage.setItem('chat.customerId', customerId!);
      },
      [token, customerId],
    );
    const page = await context.newPage();
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await page.goto('/');
    await page.waitForSelector('#conn-status[data-state="open"]');
    return { page, pageErrors };
  }

  it('does not sign anyone in from a token in the URL (/?token=ATTACKER)', async () => {
    const attacker = await tokens.issue({ subject: 'cust-attacker', role: 'customer' });

    // A visitor with no session is shown the sign-in form, not the attacker's chat.
    const context = await browser.newContext({ baseURL: gateway.url });
    contexts.push(context);
    context.setDefaultTimeout(UI_TIMEOUT_MS);
    const fresh = await context.newPage();
    const sockets: string[] = [];
    fresh.on('websocket', (ws) => sockets.push(ws.url()));
    await fresh.goto(`/?token=${attacker}`);
    await fresh.locator('#login').waitFor({ state: 'visible' });
    expect(await fresh.isHidden('#chat')).toBe(true);
    expect(await fresh.evaluate(() => sessionStorage.getItem('chat.token'))).toBeNull();
    expect(sockets).toEqual([]);

    // A signed-in victim who follows the link stays themselves: what they type is theirs.
    const { page, pageErrors } = await openChat('cust-page-victim');
    await page.goto(`/?token=${attacker}`);
    await page.waitForSelector('#conn-status[data-state="open"]');
    await expect(page.locator('#who').textContent()).resolves.toContain('cust-page-victim');
    const text = 'My address is 12 Corniche Street';
    await sendMessage(page, text);
    expect((await receivedEvent('cust-page-victim', text)).payload.customerId).toBe(
      'cust-page-victim',
    );
    const events = (await readEventLog(harness.bus, MessageReceivedEvent))
      .events as MessageReceived[];
    expect(events.filter((e) => e.payload.customerId === 'cust-attacker')).toEqual([]);
    expect(pageErrors).toEqual([]);
  });

  it('gets a fresh demo token when the gateway closes the socket at expiry, and stays in the conversation', async () => {
    const customerId = 'cust-page-expiring';
    // Long enough for the page to open its socket on a loaded machine (3 s was not, in a CI run).
    const shortLived = await tokens.issue({ subject: customerId, role: 'customer' }, 9);
    const { page, pageErrors } = await openSignedIn(gateway.url, shortLived, customerId);
    const conversationBefore = await page.evaluate(
      (id) => localStorage.getItem(`chat.conversationId.${id}`),
      customerId,
    );
    await sendMessage(page, 'Before the token expired');

    await page.waitForFunction(
      (old) =>
        !!sessionStorage.getItem('chat.token') && sessionStorage.getItem('chat.token') !== old,
      shortLived,
      { timeout: 20_000 },
    );
    await page.waitForSelector('#conn-status[data-state="open"]');
    await expect(page.locator('#who').textContent()).resolves.toContain(customerId);
    const after = await sendMessage(page, 'After a fresh token');
    const event = await receivedEvent(customerId, 'After a fresh token');
    expect(event.conversationId).toBe(conversationBefore);
    expect(await after.getAttribute('data-message-id')).toBe(event.payload.messageId);
    expect(pageErrors).toEqual([]);
  });

  it('shows that the session ended when the gateway closes an expired socket and issues no demo tokens', async () => {
    const production = await startGatewayHarness({
      AUTH_TOKEN_SECRET: SECRET,
      DEMO_TOKENS: 'false',
    });
    try {
      const customerId = 'cust-page-ended';
      // Long enough for the page to load and open its socket on a loaded machine (3 s was not,
      // under a CI run beside other test processes), short enough to wait for.
      const shortLived = await tokens.issue({ subject: customerId, role: 'customer' }, 9);
      const { page, pageErrors } = await openSignedIn(
        production.gateway.url,
        shortLived,
        customerId,
      );
      await page.locator('#login').waitFor({ state: 'visible', timeout: 20_000 });
      expect(await page.locator('#login-error').textContent()).toContain('Your session has ended');
      expect(await page.isHidden('#chat')).toBe(true);
      expect(await page.evaluate(() => sessionStorage.getItem('chat.token'))).toBeNull();
      expect(pageErrors).toEqual([]);
    } finally {
      for (const context of contexts.splice(0)) await context.close().catch(() => undefined);
      await production.close();
    }
  }, 45_000);
  // ---------------------------------------------------------------------------
  // One language per page, a chat that follows, retries and fits a phone
  // ---------------------------------------------------------------------------

  /** The page's own words (not the messages, not the switch naming the other language). */
  const chromeText = (page: Page) =>
    page.evaluate(() => {
      const parts: string[] = [];
      for (const root of document.querySelectorAll(
        'header, #human-banner, .msg-meta, .sources-title, .msg[data-role="system"]',
      )) {
        const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const parent = node.parentElement!;
          if (parent.closest('#language-switch') || !parent.checkVisibility()) continue;
          parts.push(node.textContent ?? '');
        }
      }
      parts.push(document.getElementById('composer-input')!.getAttribute('placeholder') ?? '');
      return parts.join(' ').replace(/cust-[\w-]+/g, '');
    });

  it('speaks the customer’s language, one at a time, until the customer picks one with the switch', async () => {
    const customerId = 'cust-page-language';
    const { page, pageErrors } = await openChat(customerId);
    // The browser's language first: English, with no Arabic word among the page's own.
    expect(
      await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir]),
    ).toEqual(['en', 'ltr']);
    expect(await chromeText(page)).not.toMatch(/[\u0600-\u06FF]/);
    expect(await page.locator('#conn-label').textContent()).toBe('Connected');

    // The customer writes Arabic: the page turns Arabic, right to left, every label with it.
    const question = 'وين طلبي ١٠٠١؟';
    await sendMessage(page, question);
    await page.waitForFunction(() => document.documentElement.lang === 'ar');
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    expect(await page.locator('#conn-label').textContent()).toBe('متصل');
    expect(await page.locator('#composer-input').getAttribute('placeholder')).toBe('اكتب رسالتك…');
    expect(await chromeText(page)).not.toMatch(/[A-Za-z]{3,}/);
    // An English reply in the Arabic page keeps its own direction and language.
    const cause = await receivedEvent(customerId, question);
    await publishReply(cause, {
      kind: 'answer',
      language: 'en',
      text: 'Your order ORD-1001 was delivered on 28 November 2026 [tool-get-order-status#1].',
      citations: [
        {
          chunkId: 'tool-get-order-status#1',
          docId: 'tool-get-order-status',
          title: 'Your order ORD-1001',
        },
      ],
    });
    const english = await replyBubble(page, 'agent', 'was delivered on');
    expect([await english.getAttribute('lang'), await english.getAttribute('dir')]).toEqual([
      'en',
      'ltr',
    ]);
    expect(await english.locator('.msg-meta').getAttribute('lang')).toBe('ar');
    expect(await english.locator('.source-title').textContent()).toBe('Your order ORD-1001');
    // The full stop stays at the end of the sentence, on the right of an English line.
    expect(
      await english.locator('.msg-body').evaluate((node) => getComputedStyle(node).direction),
    ).toBe('ltr');

    // The switch wins over the customer's words, and is remembered.
    await page.click('#language-switch');
    await page.waitForFunction(() => document.documentElement.lang === 'en');
    await sendMessage(page, 'متى يوصل؟');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
    expect(
      await page.locator('#messages .msg[data-role="customer"] .msg-status').last().textContent(),
    ).toBe('Sent');
    await page.reload();
    await page.waitForSelector('#conn-status[data-state="open"]');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
    expect(pageErrors).toEqual([]);
  });

  /** Whether the element lies inside the visible part of the message list. */
  const inView = (locator: Locator) =>
    locator.evaluate((node) => {
      const list = document.getElementById('messages')!.getBoundingClientRect();
      const box = node.getBoundingClientRect();
      return box.bottom <= list.bottom + 1 && box.top >= list.top - 1;
    });

  it('follows new messages, through a handoff, unless the customer scrolled up: then a pill counts them', async () => {
    const customerId = 'cust-page-follow';
    const { page, pageErrors } = await openChat(customerId, { width: 390, height: 844 });
    const question = 'Can I return a worn abaya?';
    await sendMessage(page, question);
    const first = await receivedEvent(customerId, question);
    let cause = first;
    for (let i = 1; i <= 12; i += 1) {
      if (i > 1) cause = await followUp(first, `${question} (${i})`);
      await publishReply(cause, {
        kind: 'answer',
        language: 'en',
        text: `Answer line ${i}: unworn items can be returned within 14 days of delivery [returns-retail#2].`,
        citations: [RETURNS_CITATION],
      });
    }
    const twelfth = await replyBubble(page, 'agent', 'Answer line 12:');
    await page.waitForTimeout(200);
    expect(await inView(twelfth)).toBe(true);

    // The banner appears above the list (shrinking it) and the abstention lands below: in view.
    cause = await followUp(first, 'Can I talk to someone?');
    await publishEscalation(cause);
    await page.locator('#human-banner').waitFor({ state: 'visible' });
    await publishReply(cause, {
      kind: 'abstention',
      language: 'en',
      text: 'I am getting a colleague from our team for you.',
    });
    const abstention = await replyBubble(page, 'agent', 'getting a colleague');
    await page.waitForTimeout(200);
    expect(await inView(abstention)).toBe(true);

    // Reading back: new messages do not pull the customer down; a pill says how many came.
    await page.locator('#messages').evaluate((list) => (list.scrollTop = 0));
    await page.waitForTimeout(100);
    const words = 'Hello, Huda here: yes, we can take it back.';
    await publishReply(cause, { kind: 'human', language: 'en', text: words });
    const human = await replyBubble(page, 'human', words);
    await page.locator('#new-messages').waitFor({ state: 'visible' });
    expect(await page.locator('#new-messages').textContent()).toBe('1 new message');
    expect(await inView(human)).toBe(false);
    expect(
      await page
        .locator('#messages .msg')
        .first()
        .evaluate((node) => node.getBoundingClientRect().top),
    ).toBeGreaterThan(0);
    await page.click('#new-messages');
    await page.locator('#new-messages').waitFor({ state: 'hidden' });
    await page.waitForTimeout(200);
    expect(await inView(human)).toBe(true);
    expect(await page.locator('#human-banner').getAttribute('data-handoff')).toBe('joined');
    expect(pageErrors).toEqual([]);
  });

  it('sends a rate-limited message again by itself after the wait it was told, saying so in words', async () => {
    const customerId = 'cust-page-rate';
    const { page, pageErrors, frames } = await openChat(customerId);
    // Two go at once; the third is refused for now.
    await sendMessage(page, 'first message');
    await sendMessage(page, 'second message');
    await page.fill('#composer-input', 'third message');
    await page.click('#composer-send');
    const third = page.locator('#messages .msg[data-role="customer"]', {
      hasText: 'third message',
    });
    await third.and(page.locator('[data-state="waiting"]')).waitFor();
    expect(await third.locator('.msg-error').textContent()).toMatch(
      /^Too many messages at once: sending it again in [12] seconds?\.$/,
    );
    // Never the code, and no error banner: the message is on its way.
    expect(await page.locator('body').innerText()).not.toContain('rate_limited');
    expect(await page.locator('#error-banner').isHidden()).toBe(true);
    const refusal = JSON.parse(frames.find((f) => f.includes('rate_limited'))!);
    expect(refusal).toMatchObject({ type: 'error', code: 'rate_limited', retryable: true });
    expect(refusal.retryAfterMs).toBeGreaterThanOrEqual(1000);
    // After the wait it goes by itself, once.
    await third.and(page.locator('[data-state="sent"]')).waitFor({ timeout: 10_000 });
    await receivedEvent(customerId, 'third message');
    const events = (await harness.customerMessages()) as MessageReceived[];
    expect(
      events.filter(
        (e) => e.payload.customerId === customerId && e.payload.text === 'third message',
      ),
    ).toHaveLength(1);
    expect(pageErrors).toEqual([]);
  });

  it.each(['en', 'ar'])(
    'fits a 360 px phone in %s: one-line header, the dot clear of the buttons, a readable banner',
    async (language) => {
      const customerId = `cust-page-narrow-${language}`;
      const { page, pageErrors } = await openChat(customerId, { width: 360, height: 740 });
      if (language === 'ar') {
        await page.click('#language-switch');
        await page.waitForFunction(() => document.documentElement.lang === 'ar');
      }
      const question = language === 'ar' ? 'ابي اكلم موظف' : 'I want a person';
      await sendMessage(page, question);
      await publishEscalation(await receivedEvent(customerId, question));
      await page.locator('#human-banner').waitFor({ state: 'visible' });
      const box = (selector: string) =>
        page.locator(selector).evaluate((n) => n.getBoundingClientRect().toJSON());
      const header = await box('.app-header');
      expect(header.height).toBeLessThanOrEqual(64);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        360,
      );
      const dot = await box('#conn-status');
      for (const button of ['#language-switch', '#new-conversation', '#logout']) {
        const other = await box(button);
        const overlap =
          dot.left < other.right &&
          other.left < dot.right &&
          dot.top < other.bottom &&
          other.top < dot.bottom;
        expect(overlap).toBe(false);
      }
      // The banner's sentence on at most two lines, not a word a line.
      const text = page.locator('#human-banner-text');
      const lines = await text.evaluate((n) =>
        Math.round(n.getBoundingClientRect().height / parseFloat(getComputedStyle(n).lineHeight)),
      );
      expect(lines).toBeLessThanOrEqual(2);
      expect((await box('#human-banner-text')).width).toBeGreaterThan(200);
      expect(pageErrors).toEqual([]);
    },
  );
});
