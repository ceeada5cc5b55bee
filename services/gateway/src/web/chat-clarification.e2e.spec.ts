import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { EventPublisher, newEventId } from '@support/bus';
import { createEvent, type EventEnvelope, ReplySent } from '@support/contracts';
import { clarificationReply } from '@support/policy';
import { type StartedService } from '@support/platform';
import { eventually, launchChromium } from '@support/testing';
import { type Browser, type BrowserContext, type Page } from 'playwright-core';
import { type GatewayHarness, startGatewayHarness } from '../testing/gateway-harness.js';

// The clarifying question of the chat page in headless Chromium, against a real gateway, a
// test-owned nats-server and Postgres: the agent's reply (the fixed question, the sections'
// titles and "none of these") is published on the bus as the agent publishes it. Screenshots of
// both widths in both languages go to docs/screenshots (looked at, not compared).

const SECRET = 'clarify-e2e-secret-clarify-e2e-secret-cl';
const UI_TIMEOUT_MS = 10_000;
// Jest runs from the repository root.
const SCREENSHOTS = resolve('docs/screenshots');
const SECTIONS = {
  en: [
    { id: 'section:size-exchanges#2', title: 'Exchanging for another size' },
    { id: 'section:retail-returns#1', title: 'Returns policy for retail orders' },
    { id: 'section:damaged-wrong-items#3', title: 'Reporting a damaged item' },
  ],
  ar: [
    { id: 'section:ar-size-exchanges#2', title: 'استبدال المقاس' },
    { id: 'section:ar-retail-returns#1', title: 'سياسة الإرجاع لطلبات التجزئة' },
    { id: 'section:ar-damaged-wrong-items#3', title: 'الإبلاغ عن منتج تالف' },
  ],
} as const;
const STORIES = {
  en: 'I got the dress on Sunday for my sister’s wedding but it is tight at the waist, what can I do',
  ar: 'وصلني الفستان يوم الأحد لعرس أختي بس ضيق عند الخصر، شو أسوي؟',
} as const;

type MessageReceived = EventEnvelope<
  string,
  { customerId: string; text: string; choice?: { optionId: string } }
>;

describe('a clarifying question on the chat page, in a real browser', () => {
  let harness: GatewayHarness;
  let gateway: StartedService;
  let publisher: EventPublisher;
  let browser: Browser;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    harness = await startGatewayHarness({ AUTH_TOKEN_SECRET: SECRET });
    ({ gateway, publisher } = harness);
    browser = await launchChromium();
    mkdirSync(SCREENSHOTS, { recursive: true });
  }, 90_000);

  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => undefined);
    await browser?.close();
    await harness?.close();
  }, 60_000);

  async function openChat(customerId: string, width: number): Promise<Page> {
    const context = await browser.newContext({
      baseURL: gateway.url,
      viewport: { width, height: 820 },
      locale: 'en-US',
    });
    contexts.push(context);
    context.setDefaultTimeout(UI_TIMEOUT_MS);
    const page = await context.newPage();
    await page.goto('/');
    await page.fill('#login-customer', customerId);
    await page.click('#login-submit');
    await page.waitForSelector('#conn-status[data-state="open"]');
    await page.waitForSelector('#composer-send:not([disabled])');
    return page;
  }

  async function received(
    customerId: string,
    match: (e: MessageReceived) => boolean,
  ): Promise<MessageReceived> {
    return eventually(
      async () => {
        const events = (await harness.customerMessages()) as MessageReceived[];
        const found = events.find((e) => e.payload.customerId === customerId && match(e));
        if (!found) throw new Error(`no message of ${customerId} yet`);
        return found;
      },
      UI_TIMEOUT_MS,
      100,
    );
  }

  /** The agent's clarifying question, as `clarifyNode` publishes it, for the customer's message. */
  async function askWhichSection(cause: MessageReceived, language: 'en' | 'ar') {
    const reply = clarificationReply(SECTIONS[language], language);
    await publisher.publish(
      createEvent(
        ReplySent,
        {
          replyId: newEventId(),
          customerId: cause.payload.customerId,
          kind: 'clarification',
          text: await harness.seal(cause.payload.customerId, reply.text),
          language,
          citations: [],
          options: reply.options,
        },
        {
          id: newEventId(),
          occurredAt: new Date().toISOString(),
          conversationId: cause.conversationId,
          turnId: cause.turnId,
          causationId: cause.id,
          correlationId: cause.turnId ?? cause.id,
        },
      ),
    );
    return reply;
  }

  for (const language of ['en', 'ar'] as const)
    for (const width of [390, 1280])
      it(`offers the sections as buttons a keyboard and a screen reader can use (${language}, ${width} px)`, async () => {
        const customerId = `cust-clarify-${language}-${width}`;
        const page = await openChat(customerId, width);
        await page.fill('#composer-input', STORIES[language]);
        await page.click('#composer-send');
        const cause = await received(customerId, (e) => e.payload.text === STORIES[language]);
        const reply = await askWhichSection(cause, language);

        // One group named by the question, one real button per option, in the page's reading order.
        const group = page.getByRole('group', { name: reply.text });
        await group.waitFor();
        const buttons = group.getByRole('button');
        expect(await buttons.allTextContents()).toEqual(reply.options.map((o) => o.title));
        expect(await page.evaluate(() => document.documentElement.lang)).toBe(language);
        for (const button of await buttons.all())
          expect(await button.getAttribute('dir')).toBe(language === 'ar' ? 'rtl' : 'ltr');
        // Every option is a comfortable target and fits the width (no horizontal scroll).
        for (const button of await buttons.all()) {
          const box = (await button.boundingBox())!;
          // Layout works in fractions of a pixel (43.99998 for 44 px in Arabic at 1280).
          expect(Math.round(box.height)).toBeGreaterThanOrEqual(44);
          expect(box.x).toBeGreaterThanOrEqual(0);
          expect(box.x + box.width).toBeLessThanOrEqual(width);
        }
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
          width,
        );
        await page.screenshot({
          path: `${SCREENSHOTS}/clarification-${language}-${width}.png`,
          fullPage: false,
        });

        // Keyboard only: focus the second option and press Enter.
        await buttons.nth(1).focus();
        await page.keyboard.press('Enter');
        const chosen = reply.options[1]!;
        const choice = await received(customerId, (e) => e.payload.choice !== undefined);
        expect(choice.payload).toMatchObject({
          text: chosen.title,
          choice: { optionId: chosen.id },
        });
        // Answered: every button is closed, the chosen one marked as pressed.
        for (const button of await buttons.all()) expect(await button.isDisabled()).toBe(true);
        expect(await buttons.nth(1).getAttribute('aria-pressed')).toBe('true');
        await page
          .locator('#messages .msg[data-role="customer"]', { hasText: chosen.title })
          .waitFor();
        await page.screenshot({
          path: `${SCREENSHOTS}/clarification-${language}-${width}-chosen.png`,
          fullPage: false,
        });
      });

  it('closes the buttons when the customer writes instead of choosing, and "none of these" is the last option', async () => {
    const customerId = 'cust-clarify-typed';
    const page = await openChat(customerId, 1280);
    await page.fill('#composer-input', STORIES.en);
    await page.click('#composer-send');
    const cause = await received(customerId, (e) => e.payload.text === STORIES.en);
    const reply = await askWhichSection(cause, 'en');
    const buttons = page.getByRole('group', { name: reply.text }).getByRole('button');
    await buttons.first().waitFor();
    expect(await buttons.last().textContent()).toBe('None of these: talk to a colleague');

    await page.fill('#composer-input', 'it is about the colour, not the size');
    await page.click('#composer-send');
    const typed = await received(customerId, (e) => e.payload.text.startsWith('it is about'));
    expect(typed.payload.choice).toBeUndefined();
    for (const button of await buttons.all()) expect(await button.isDisabled()).toBe(true);
  });

  it("shows an open question's buttons again after a reload, and closed once it was answered", async () => {
    const customerId = 'cust-clarify-reload';
    const page = await openChat(customerId, 390);
    await page.fill('#composer-input', STORIES.ar);
    await page.click('#composer-send');
    const cause = await received(customerId, (e) => e.payload.text === STORIES.ar);
    const reply = await askWhichSection(cause, 'ar');
    const group = () => page.getByRole('group', { name: reply.text });
    await group().getByRole('button').first().waitFor();

    // The history the gateway sends on resuming holds the options: open, since nothing answered.
    await page.reload();
    await page.waitForSelector('#conn-status[data-state="open"]');
    const reloaded = group().getByRole('button');
    await eventually(async () => (await reloaded.count()) === reply.options.length, UI_TIMEOUT_MS);
    expect(await reloaded.allTextContents()).toEqual(reply.options.map((o) => o.title));
    for (const button of await reloaded.all()) expect(await button.isDisabled()).toBe(false);

    const chosen = reply.options[0]!;
    await reloaded.first().click();
    await received(customerId, (e) => e.payload.choice?.optionId === chosen.id);
    await page.locator('#messages .msg[data-role="customer"]', { hasText: chosen.title }).waitFor();
    // Once the choice is recorded, a reload shows the question answered: closed, its pick pressed.
    await eventually(async () => {
      await page.reload();
      await page.waitForSelector('#conn-status[data-state="open"]');
      const again = group().getByRole('button');
      await again.first().waitFor();
      return (await again.first().isDisabled()) && (await again.count()) === reply.options.length;
    }, UI_TIMEOUT_MS * 2);
    expect(await group().getByRole('button').first().getAttribute('aria-pressed')).toBe('true');
  });
});
