import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ADMIN_CHANNEL, type SlackAdminChannel } from '@support/escalation';
import { FakeSlackApi, messageEventBody, postSignedEvent } from '@support/escalation/testing';
import { eventually, launchChromium } from '@support/testing';
import type { Browser, Page } from 'playwright-core';
import { sendAdminReply } from './support/admin-reply.js';
import { demoToken, openPage, signInToChat, UI_TIMEOUT_MS } from './support/browser-pages.js';
import { startSupportStack, type SupportStack, fakeSlackEnv } from './support/support-stack.js';

// Issue 12, the customer side of the handoff, through the real chat page in Chromium and every
// service (the agent with the extractive responder, the escalation service on a fake Slack API).

const SECRET = 'slack-signing-secret-for-handoff-tests';
const CHANNEL = 'C0HANDOFF';
const ADMIN = 'UADMIN12';
const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const DAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const AR_DAY_NAMES = ['الأحد', 'الاثنين', 'الثلاثاء', 'الأربعاء', 'الخميس', 'الجمعة', 'السبت'];

describe('customer side of the handoff, in a real browser', () => {
  let slack: FakeSlackApi;
  let stack: SupportStack;
  let browser: Browser;
  let eventsUrl: string;

  beforeAll(async () => {
    slack = await FakeSlackApi.start();
    stack = await startSupportStack({
      escalation: true,
      // Each service as its own bus user: the new events' permissions are exercised too.
      securedBus: true,
      env: {
        ...fakeSlackEnv({
          apiUrl: slack.apiUrl,
          channel: CHANNEL,
          signingSecret: SECRET,
          adminUserIds: ADMIN,
        }),
        SUPPORT_HOURS: 'Sun-Sat 00:00-24:00',
        SUPPORT_TIMEZONE: 'Asia/Riyadh',
        SUPPORT_EXPECTED_WAIT_MINUTES: '20',
      },
    });
    eventsUrl = stack.escalation!.app.get<SlackAdminChannel>(ADMIN_CHANNEL).eventsUrl!;
    browser = await launchChromium();
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await stack?.close();
    await slack?.stop();
  }, 60_000);

  async function chat(customerId: string): Promise<Page> {
    const opened = await openPage(browser, stack.gateway.url);
    await signInToChat(opened.page, customerId);
    return opened.page;
  }

  /** Sends a message and resolves with the text of the agent's next bubble of `kind`. */
  async function say(page: Page, text: string, kind: string): Promise<string> {
    const bubbles = page.locator(`#messages .msg[data-role="agent"][data-kind="${kind}"]`);
    const before = await bubbles.count();
    await page.fill('#composer-input', text);
    await page.click('#composer-send');
    await page
      .locator('#messages .msg[data-role="customer"][data-state="sent"]', { hasText: text })
      .waitFor();
    await bubbles.nth(before).waitFor({ timeout: UI_TIMEOUT_MS });
    return (await bubbles.nth(before).locator('.msg-body').textContent()) ?? '';
  }

  const bannerText = (page: Page) => page.locator('#human-banner-text').textContent();
  const conversationOf = (page: Page, customerId: string) =>
    page.evaluate((key) => localStorage.getItem(key), `chat.conversationId.${customerId}`);

  async function threadOf(question: string) {
    return eventually(() => slack.posted.find((p) => p.text.includes(question)) ?? false, 15_000);
  }

  async function postedInThread(threadTs: string, text: string) {
    return eventually(
      () => slack.posted.find((p) => p.threadTs === threadTs && p.text.includes(text)) ?? false,
      15_000,
    );
  }

  it('a person asked for is fetched; later messages get notes in their own language, go to the thread; a new conversation gets answers', async () => {
    const page = await chat('cust-handoff-en');
    const asked = 'I want to talk to a human please';
    const handoff = await say(page, asked, 'abstention');
    expect(handoff).toContain("I'm getting a colleague from our team for you");
    expect(handoff).toContain('within about 20 minutes');
    expect(handoff).not.toContain('not able to answer');
    await page.locator('#human-banner:not([hidden])').waitFor();
    await expect(bannerText(page)).resolves.toContain('will reply');
    await expect(bannerText(page)).resolves.not.toContain('has joined');

    // Two more messages, one Arabic and one English: each note in the language it answers.
    const arabic = 'متى يصل طلبي؟ أحتاج الرد بسرعة';
    const arabicNote = await say(page, arabic, 'holding');
    expect(arabicNote).toContain('شكراً لك، أضفت رسالتك إلى طلب المساعدة');
    expect(arabicNote).toContain('خلال 20 دقيقة');
    expect(arabicNote).not.toMatch(/[A-Za-z]{4,}/);
    const english = 'Also, is there someone who speaks English?';
    const englishNote = await say(page, english, 'holding');
    expect(englishNote).toContain("Thank you, I've added this to your request");
    expect(englishNote).not.toMatch(/[\u0600-\u06FF]/);

    // Both in the Slack thread.
    const opening = await threadOf(asked);
    await postedInThread(opening.ts, arabic);
    await postedInThread(opening.ts, english);

    // A new conversation: the paused one stays open for the admins; this one is the assistant's.
    const paused = (await conversationOf(page, 'cust-handoff-en'))!;
    await page.click('#new-conversation');
    await page.waitForSelector('#composer-send:not([disabled])');
    await expect(page.locator('#human-banner').isHidden()).resolves.toBe(true);
    await expect(page.locator('#messages .msg').count()).resolves.toBe(0);
    const fresh = (await conversationOf(page, 'cust-handoff-en'))!;
    expect(fresh).not.toBe(paused);
    const answer = await say(page, 'How long does delivery to Muscat take?', 'answer');
    expect(answer).toMatch(/\S/);
    expect(await stack.conversations().isPaused(paused)).toBe(true);
    expect(await stack.conversations().isPaused(fresh)).toBe(false);

    // Reloading keeps the new conversation (the old one is not reattached).
    await page.reload();
    await page.waitForSelector('#composer-send:not([disabled])');
    await page.locator('#messages .msg[data-kind="answer"]').first().waitFor();
    await expect(page.locator('#human-banner').isHidden()).resolves.toBe(true);
    expect(await conversationOf(page, 'cust-handoff-en')).toBe(fresh);
  });

  it('withdraws a request in Arabic and gets answers; a late admin reply reaches the customer and resumes no other pause', async () => {
    const page = await chat('cust-handoff-ar');
    const asked = 'أريد التحدث مع موظف لو سمحت';
    const handoff = await say(page, asked, 'abstention');
    expect(handoff).toContain('أستدعي لك أحد زملائي');
    await page.locator('#human-banner:not([hidden])').waitFor();
    await expect(bannerText(page)).resolves.toContain('سيرد عليك');
    const conversationId = (await conversationOf(page, 'cust-handoff-ar'))!;
    await eventually(() => stack.conversations().isPaused(conversationId), 15_000);
    const opening = await threadOf(asked);

    await page.click('#withdraw');
    // The page speaks the customer's language: the notice is Arabic, as the banner was.
    await page.locator('#messages .msg', { hasText: 'عدت إلى المساعد' }).waitFor();
    await expect(page.locator('#human-banner').isHidden()).resolves.toBe(true);
    // The event goes out just before the graph resumes: the resume may still be finishing.
    await eventually(async () => !(await stack.conversations().isPaused(conversationId)), 15_000);
    // The thread is told, once; the dashboard's projection counts the withdrawal.
    await postedInThread(opening.ts, 'The customer withdrew this request');
    const analyst = await demoToken(stack.gateway.url, 'analyst-handoff', 'analyst');
    await eventually(async () => {
      const response = await fetch(`${stack.gateway.url}/dashboard/data?days=2`, {
        headers: { authorization: `Bearer ${analyst}` },
      });
      const body = (await response.json()) as { escalations: { withdrawn: number } };
      return body.escalations.withdrawn === 1;
    }, 15_000);

    const answer = await say(page, 'ما رسوم الدفع عند الاستلام في البحرين؟', 'answer');
    expect(answer).toMatch(/[\u0600-\u06FF]/);
    // After the withdrawal the customer's messages are the assistant's, not the thread's.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(slack.posted.some((p) => p.text.includes('رسوم الدفع عند الاستلام'))).toBe(false);

    // An admin answers in the thread after the withdrawal: the customer gets the words, and the
    // conversation stays the assistant's (nothing was paused, nothing resumes).
    const late = 'Sorry for the wait: a colleague will call you today.';
    const delivery = messageEventBody('EvLATE0001', {
      channel: CHANNEL,
      user: ADMIN,
      text: late,
      ts: '1800000001.000300',
      thread_ts: opening.ts,
      client_msg_id: 'c0ffee00-0000-4000-8000-00000000aa12',
    });
    expect(await postSignedEvent(eventsUrl, SECRET, delivery)).toBe(200);
    await page.locator('#messages .msg[data-role="human"]', { hasText: late }).waitFor();
    expect(await stack.conversations().isPaused(conversationId)).toBe(false);
    await expect(say(page, 'How long does delivery to Muscat take?', 'answer')).resolves.toMatch(
      /\S/,
    );

    // A later escalation of the same conversation, then a reply that names the withdrawn one
    // (the console's reply box on its card): delivered, but it must not resume the new pause.
    await say(page, 'I want to speak to a real person', 'abstention');
    await eventually(() => stack.conversations().isPaused(conversationId), 15_000);
    const withdrawn = stack.escalations.find((e) => e.conversationId === conversationId)!;
    const stale = 'About your first question: a colleague will call you today.';
    await sendAdminReply(stack.publisher, stack.database.url, {
      escalationId: withdrawn.payload.escalationId,
      conversationId,
      adminId: 'admin-huda',
      text: stale,
    });
    await page.locator('#messages .msg[data-role="human"]', { hasText: stale }).waitFor();
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(await stack.conversations().isPaused(conversationId)).toBe(true);
  });

  it('outside support hours the note names when the team is back', async () => {
    const now = new Date();
    const reopens = (now.getUTCDay() + 2) % 7;
    await stack.restartAgent({
      SUPPORT_HOURS: `${DAYS[reopens]} 09:00-10:00`,
      SUPPORT_TIMEZONE: 'UTC',
    });
    const page = await chat('cust-handoff-night');
    const handoff = await say(page, 'connect me to customer service', 'abstention');
    expect(handoff).toContain(`back on ${DAY_NAMES[reopens]} at 09:00 UTC time`);
    const note = await say(page, 'هل من أحد هنا؟', 'holding');
    expect(note).toContain(`يوم ${AR_DAY_NAMES[reopens]} الساعة 09:00`);
  });
});
