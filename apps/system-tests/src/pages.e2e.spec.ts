import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { launchChromium } from '@support/testing';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { UI_TIMEOUT_MS } from './support/browser-pages.js';
import { startSupportStack, type SupportStack } from './support/support-stack.js';

// What a customer, an admin and an analyst see, through every service (the agent with the
// extractive responder and the demo orders) in Chromium, at a desktop's and a phone's width, in
// English and in Arabic: one language per page, order answers as sentences with sources named as
// a customer knows them, a handoff answered from the console, the queue of what is open, and
// charts whose text is readable and whose bars lead to their conversations.
// With UI_SHOTS_DIR set, each view is also saved there as a PNG (to look at, not to compare).

const WIDTHS = [
  { name: '1280', width: 1280, height: 900 },
  { name: '390', width: 390, height: 844 },
] as const;
const LANGUAGES = ['en', 'ar'] as const;
type Width = (typeof WIDTHS)[number];
type PageLanguage = (typeof LANGUAGES)[number];

const WORDS = {
  en: {
    order: 'Where is my order ORD-1002?',
    orderSource: 'Your order ORD-1002',
    orderAnswer: /^Your order ORD-1002 was shipped on \d{1,2} \w+ \d{4}\./,
    person: 'I want to talk to a person please',
    unanswerable: 'Do you sell gift wrapping for camel saddles?',
    adminReply: 'Hello, this is Huda from the team: your parcel is with the courier in Dammam.',
    adminSecond: 'It should reach you tomorrow morning.',
  },
  ar: {
    order: 'وين طلبي ١٠٠٢؟',
    orderSource: 'طلبك ORD-1002',
    orderAnswer: /^طلبك ORD-1002 شُحن في \d{1,2} \S+ \d{4}/,
    person: 'ابي اكلم موظف لو سمحت',
    unanswerable: 'هل تبيعون تغليف هدايا لسروج الجمال؟',
    adminReply: 'أهلاً، معك هدى من الفريق: شحنتك مع المندوب في الدمام.',
    adminSecond: 'ستصلك صباح الغد إن شاء الله.',
  },
} as const;

/** Letters of the other script in a page's own words (not what customers or admins wrote). */
const OTHER_SCRIPT: Record<PageLanguage, RegExp> = {
  en: /[\u0600-\u06FF]/,
  ar: /[A-Za-z]{3,}/,
};

describe('what a customer, an admin and an analyst see, at 1280 and 390 px, in English and Arabic', () => {
  let stack: SupportStack;
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  const shots = process.env.UI_SHOTS_DIR;
  if (shots) mkdirSync(shots, { recursive: true });

  beforeAll(async () => {
    stack = await startSupportStack();
    browser = await launchChromium();
  }, 120_000);

  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => undefined);
    await browser?.close();
    await stack?.close();
  }, 60_000);

  /** A page of its own (own storage) at `width`, its language chosen with the page's switch. */
  async function open(width: Width, path: string, language: PageLanguage): Promise<Page> {
    const context = await browser.newContext({
      baseURL: stack.gateway.url,
      viewport: { width: width.width, height: width.height },
      locale: 'en-US',
    });
    contexts.push(context);
    context.setDefaultTimeout(UI_TIMEOUT_MS);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    (page as unknown as { errors: string[] }).errors = errors;
    await page.goto(path);
    if (language === 'ar') await page.click('#language-switch');
    await page.waitForFunction((lang) => document.documentElement.lang === lang, language);
    return page;
  }

  const pageErrors = (page: Page) => (page as unknown as { errors: string[] }).errors;

  async function shoot(page: Page, name: string, fullPage = false): Promise<void> {
    if (shots) await page.screenshot({ path: join(shots, `${name}.png`), fullPage });
  }

  /** The page's own words: every text node outside messages, questions and names people wrote. */
  const chromeText = (page: Page) =>
    page.evaluate(() => {
      const skip =
        '.msg[data-role]:not([data-role="system"]) .msg-body, .sources, .question, .transcript, .customer-id, #who, bdi, [dir="ltr"] input, textarea, code, .line-text, #backlog li, #language-switch, .badge.language, option';
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      const words: string[] = [];
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const parent = node.parentElement!;
        if (parent.closest(skip) || parent.closest('[hidden]')) continue;
        if (!parent.checkVisibility()) continue;
        words.push(
          node.textContent!.replace(
            /ORD-\d+|RET-\w+|cust-[\w-]+|admin-[\w-]+|Apple Pay|UTC|CSV|p50|p95|\bms\b/g,
            '',
          ),
        );
      }
      return words.join(' ');
    });

  async function signInToChat(page: Page, customerId: string): Promise<void> {
    await page.fill('#login-customer', customerId);
    await page.click('#login-submit');
    await page.waitForSelector('#composer-send:not([disabled])');
    // A conversation of its own: the customer's earlier ones belong to the other views.
    await page.click('#new-conversation');
    await page.waitForSelector('#composer-send:not([disabled])');
  }

  async function say(page: Page, words: string): Promise<void> {
    await page.fill('#composer-input', words);
    await page.click('#composer-send');
    await page
      .locator('#messages .msg[data-role="customer"][data-state="sent"]', { hasText: words })
      .waitFor();
  }

  /** Whether `locator` lies inside the message list's visible area (the chat followed it). */
  const inView = (page: Page, locator: Locator) =>
    locator.evaluate((node) => {
      const list = document.getElementById('messages')!.getBoundingClientRect();
      const box = node.getBoundingClientRect();
      return box.bottom <= list.bottom + 1 && box.top >= list.top - 1;
    });

  const views = WIDTHS.flatMap((width) => LANGUAGES.map((language) => ({ width, language })));

  it.each(views)(
    'chat and console at $width.name px in $language: an order answer in sentences, a handoff answered from the console',
    async ({ width, language }) => {
      const words = WORDS[language];
      const customerId = 'cust-1001';
      const chat = await open(width, '/', language);
      await signInToChat(chat, customerId);

      // An order, named the way the customer writes it: sentences in their language, cited,
      // the source named as the customer knows it.
      await say(chat, words.order);
      const answer = chat.locator('#messages .msg[data-kind="answer"]').last();
      await answer.waitFor({ timeout: 30_000 });
      const body = (await answer.locator('.msg-body').textContent()) ?? '';
      expect(body).toMatch(words.orderAnswer);
      expect(body).not.toMatch(/\b(?:status|progress|expectedFrom|placedOn|quantity|sku):/);
      expect(await answer.getAttribute('lang')).toBe(language);
      expect(await answer.getAttribute('dir')).toBe(language === 'ar' ? 'rtl' : 'ltr');
      await expect(answer.locator('.sources .source-title').allTextContents()).resolves.toEqual([
        words.orderSource,
      ]);
      expect(await answer.locator('.sources').textContent()).not.toContain('tool-');
      await shoot(chat, `chat-order-${language}-${width.name}`);

      // A person asked for: the banner, the notice in the page's language, and the chat follows.
      await say(chat, words.person);
      await chat.locator('#human-banner:not([hidden])').waitFor({ timeout: 30_000 });
      const handoff = chat.locator('#messages .msg[data-kind="abstention"]').last();
      await handoff.waitFor();
      expect(await inView(chat, handoff)).toBe(true);

      // The admin answers from the console, in the same width and language.
      const console = await open(width, '/admin', language);
      await console.fill('#admin-id', `admin-${language}-${width.name}`);
      await console.click('#admin-login-submit');
      await console.waitForSelector('#admin-conn-status[data-state="open"]');
      const card = console
        .locator('.escalation[data-status="open"]', { hasText: words.person })
        .last();
      await card.waitFor();
      // What a person needs first: the question, the customer, the reason, the wait.
      await expect(card.locator('.question').textContent()).resolves.toBe(words.person);
      expect(await card.locator('.question').getAttribute('dir')).toBe(
        language === 'ar' ? 'rtl' : 'ltr',
      );
      await expect(card.locator('.customer-id').textContent()).resolves.toBe(customerId);
      await expect(card.locator('.reason').textContent()).resolves.toBe(
        language === 'en' ? 'Asked for a person' : 'طلب التحدث إلى شخص',
      );
      await expect(card.locator('.waiting').textContent()).resolves.toMatch(
        language === 'en' ? /^Waiting \d/ : /^ينتظر منذ /,
      );
      // The conversation is folded away.
      expect(await card.locator('details.transcript-block').getAttribute('open')).toBeNull();
      expect(await card.locator('.transcript').isVisible()).toBe(false);
      expect(OTHER_SCRIPT[language].test(await chromeText(console))).toBe(false);
      await shoot(console, `admin-queue-${language}-${width.name}`);

      await card.locator('.claim').click();
      await card
        .locator('.owner', { hasText: language === 'en' ? 'You handle this' : 'أنت تتولى هذا' })
        .waitFor();
      await card.locator('.reply-input').fill(words.adminReply);
      await card.locator('.reply-send').click();

      // The colleague's words reach the customer, in view, and the banner says one joined.
      const human = chat.locator('#messages .msg[data-role="human"]', {
        hasText: words.adminReply,
      });
      await human.waitFor({ timeout: 30_000 });
      await chat.locator('#human-banner[data-handoff="joined"]').waitFor();
      await chat.waitForTimeout(300);
      expect(await inView(chat, human)).toBe(true);
      expect(OTHER_SCRIPT[language].test(await chromeText(chat))).toBe(false);
      await shoot(chat, `chat-handoff-${language}-${width.name}`);

      // The answered escalation leaves the open queue.
      await card.waitFor({ state: 'hidden', timeout: 15_000 });
      expect(pageErrors(chat)).toEqual([]);
      expect(pageErrors(console)).toEqual([]);
    },
    120_000,
  );

  it('the queue lists a request the customer took back only under its filter', async () => {
    const chat = await open(WIDTHS[0], '/', 'en');
    await signInToChat(chat, 'cust-1002');
    await say(chat, 'Can I speak to a human about my parcel?');
    await chat.locator('#human-banner:not([hidden])').waitFor({ timeout: 30_000 });
    const console = await open(WIDTHS[0], '/admin', 'en');
    await console.fill('#admin-id', 'admin-filter');
    await console.click('#admin-login-submit');
    const card = console.locator('.escalation', { hasText: 'about my parcel' });
    await card.waitFor();
    await chat.click('#withdraw');
    await chat.locator('#human-banner').waitFor({ state: 'hidden' });
    await card.waitFor({ state: 'hidden' });
    await console.selectOption('#filter-status', 'withdrawn');
    const withdrawn = console.locator('.escalation[data-status="withdrawn"]', {
      hasText: 'about my parcel',
    });
    await withdrawn.waitFor();
    await expect(withdrawn.locator('.waiting').textContent()).resolves.toMatch(/^Withdrawn after /);
    await console.selectOption('#filter-status', 'open');
    // The open queue the server sends again has no card for it.
    await console
      .locator('.escalation', { hasText: 'about my parcel' })
      .waitFor({ state: 'detached' });
  }, 90_000);

  it.each(views)(
    'the dashboard at $width.name px in $language: readable charts with legends, each bar a link to its conversations',
    async ({ width, language }) => {
      // One avoidable escalation beside the genuine ones, so the charts have two series.
      const chat = await open(WIDTHS[0], '/', language);
      await signInToChat(chat, 'cust-2002');
      await say(chat, WORDS[language].unanswerable);
      await chat
        .locator('#messages .msg[data-kind="abstention"]')
        .last()
        .waitFor({ timeout: 30_000 });

      const dashboard = await open(width, '/dashboard', language);
      await dashboard.fill('#dash-analyst', 'analyst-1');
      await dashboard.click('#dash-login-submit');
      await dashboard.waitForSelector('#dash:not([hidden])');
      const reasons = dashboard.locator('#chart-reasons svg');
      await reasons.first().waitFor();

      // Text in the charts is drawn at 12 px or more, whatever the width.
      const smallest = await dashboard.evaluate(() =>
        Math.min(
          ...[...document.querySelectorAll('.chart-box svg text')]
            .filter((t) => t.textContent?.trim())
            .map((t) => parseFloat(getComputedStyle(t).fontSize)),
        ),
      );
      expect(smallest).toBeGreaterThanOrEqual(12);
      // No chart runs wider than its card.
      const overflow = await dashboard.evaluate(() =>
        [...document.querySelectorAll('.chart-box')].some(
          (box) => box.scrollWidth > box.clientWidth + 1,
        ),
      );
      expect(overflow).toBe(false);
      // Legends with a colour for each series, in the page's language.
      const legend = dashboard.locator('#chart-days span[class*="-swatch"]');
      await expect(legend.allTextContents()).resolves.toEqual(
        language === 'en' ? ['Genuine', 'Avoidable'] : ['حقيقي', 'قابل للتجنب'],
      );
      expect(OTHER_SCRIPT[language].test(await chromeText(dashboard))).toBe(false);
      await shoot(dashboard, `dashboard-${language}-${width.name}`, true);

      // Every bar is a link; the reason "asked for a person" leads to its conversations.
      const bars = dashboard.locator('.chart-box svg a');
      expect(await bars.count()).toBeGreaterThan(0);
      for (const href of await bars.evaluateAll((links) =>
        links.map((a) => a.getAttribute('href')),
      ))
        expect(href).toMatch(/\/dashboard\/conversations\?/);
      await dashboard
        // Plot writes the link as xlink:href: any namespace.
        .locator('#chart-reasons svg a[*|href*="reason=agent_requested"]')
        .first()
        .click();
      await dashboard.waitForURL(/\/dashboard\/conversations\?/);
      const rows = dashboard.locator('#bar-rows .escalation');
      await rows.first().waitFor();
      await expect(rows.locator('.question').allTextContents()).resolves.toContain(
        WORDS[language].person,
      );
      await shoot(dashboard, `dashboard-bar-${language}-${width.name}`, true);
      expect(pageErrors(dashboard)).toEqual([]);
    },
    120_000,
  );
});
