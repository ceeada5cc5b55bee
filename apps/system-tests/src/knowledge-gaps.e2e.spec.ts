import { PersonalData } from '@support/privacy';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { BusConnection, OPS_USER, readEventLog } from '@support/bus';
import { DocumentIndexed, DocumentUpserted } from '@support/contracts';
import { KnowledgeGaps } from '@support/knowledge';
import {
  ALL_PROJECTIONS,
  KnowledgeReader,
  openDatabase,
  replayFromStart,
} from '@support/persistence';
import { eventually, launchChromium } from '@support/testing';
import type { Browser } from 'playwright-core';
import {
  demoToken,
  injectionEffects,
  INERT,
  openPage,
  signInToAdminConsole,
  UI_TIMEOUT_MS,
} from './support/browser-pages.js';
import { ask, startSupportStack, type SupportStack } from './support/support-stack.js';

// The loop the knowledge-gaps page closes, in the default stack (extractive responder, sample
// knowledge base): a question the knowledge base cannot answer escalates as avoidable, an admin
// answers it in the console, drafts an article from the gap and publishes it, and the next
// customer who asks is answered from that article, with a citation.
const QUESTION = "I'm a reseller, can I return unsold stock from my wholesale order?";
/** The admin's answer; its markup must stay text on every page and in the draft. */
const MARKUP = '<img src=x onerror=alert(1)>';
const ANSWER =
  'Resellers can return unsold stock from a wholesale order within 60 days of delivery. ' +
  'Wholesale returns are collected from your shop free of charge once the return is approved. ' +
  MARKUP;
const TITLE = 'Returning unsold stock from wholesale orders';

describe('knowledge gaps: an avoidable escalation becomes an article that answers the next customer', () => {
  let stack: SupportStack;
  let browser: Browser;
  let bus: BusConnection;

  beforeAll(async () => {
    stack = await startSupportStack();
    bus = await BusConnection.open(stack.busOptions(OPS_USER));
    browser = await launchChromium();
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await bus?.close();
    await stack?.close();
  }, 60_000);

  const adminGaps = async (token: string) => {
    const response = await fetch(`${stack.gateway.url}/admin/knowledge/gaps`, {
      headers: { authorization: `Bearer ${token}` },
    });
    return { status: response.status, body: (await response.json()) as unknown };
  };

  it('escalates, is answered in the console, drafted and published from the gaps page, then answers with a citation and replays to the same gaps', async () => {
    // 1. A customer's question the knowledge base cannot answer: avoidable, below the floor.
    const { socket, conversationId } = await stack.connect('cust-reseller-1');
    const first = await ask(socket, QUESTION);
    expect(first.reply.kind).toBe('abstention');
    const escalation = await eventually(
      () => stack.escalations.find((e) => e.conversationId === conversationId) ?? false,
      15_000,
    );
    expect(escalation.payload).toMatchObject({ reason: 'below_score_floor', group: 'avoidable' });
    const gapId = escalation.payload.escalationId;

    // 2. The admin answers it in the console.
    const opened = await openPage(browser, stack.gateway.url);
    const { page } = opened;
    await page.setViewportSize({ width: 1280, height: 900 });
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await signInToAdminConsole(page, 'admin-huda');
    const card = page.locator(`.escalation[data-conversation-id="${conversationId}"]`);
    await card.waitFor({ timeout: UI_TIMEOUT_MS });
    const from = socket.frames.length;
    await card.locator('.reply-input').fill(ANSWER);
    await card.locator('.reply-send').click();
    const human = await socket.next((f) => f.type === 'reply' && f.kind === 'human', 15_000, from);
    expect(human.text).toBe(ANSWER);
    socket.close();

    // 3. The gap appears on the gaps page (one click from the queue, same sign-in).
    await page.click('#admin-to-gaps');
    await page.waitForURL(/\/admin\/gaps$/);
    const gap = page.locator(`.gap[data-gap-id="${gapId}"]`);
    await eventually(
      async () => {
        if ((await gap.count()) === 1) return true;
        await page.click('#gaps-refresh');
        return false;
      },
      20_000,
      500,
    );
    await expect(gap.getAttribute('data-status')).resolves.toBe('open');
    await expect(gap.locator('.asked').textContent()).resolves.toBe('asked once');
    await expect(gap.locator('.questions').textContent()).resolves.toContain(QUESTION);
    await expect(gap.locator('.replies').textContent()).resolves.toContain(ANSWER);

    // 4. Draft an article from it, edit the title, publish.
    await gap.locator('.draft-start').click();
    const editor = gap.locator('.draft-editor');
    await editor.waitFor();
    const body = await editor.locator('.draft-body').inputValue();
    expect(body).toContain(ANSWER);
    // The customer's question titles the draft (sealed in the log, opened here), and stays out of
    // the body an article is published from: the gap lists it beside the draft.
    expect(body).not.toContain(QUESTION);
    await expect(editor.locator('.draft-title').inputValue()).resolves.toBe(QUESTION);
    await expect(editor.locator('.draft-lang').inputValue()).resolves.toBe('en');
    await editor.locator('.draft-title').fill(TITLE);
    expect(await injectionEffects(opened)).toEqual(INERT);
    await page.screenshot({
      path: `${process.env.SCREENSHOT_DIR ?? '/tmp'}/gaps-page.png`,
      fullPage: true,
    });
    await editor.locator('.draft-publish').click();
    await page.waitForFunction(
      (selector) => document.querySelector(selector)?.textContent?.startsWith('Published as '),
      `.gap[data-gap-id="${gapId}"] .draft-note`,
    );
    const note = (await editor.locator('.draft-note').textContent())!;
    const docId = /^Published as ([a-z0-9-]+):/.exec(note)![1]!;

    // 5. In the log, attributed to the admin, and indexed like any other document.
    const upserted = (await readEventLog(bus, DocumentUpserted)).events.filter(
      (e) => (e.payload as { docId: string }).docId === docId,
    );
    expect(upserted.map((e) => e.payload)).toEqual([
      expect.objectContaining({
        title: TITLE,
        source: 'admin_console',
        gapId,
        publishedBy: 'admin-huda',
      }),
    ]);
    const indexed = await eventually(
      async () =>
        (await readEventLog(bus, DocumentIndexed)).events.find(
          (e) => (e.payload as { docId: string }).docId === docId,
        ) ?? false,
      30_000,
      250,
    );
    const chunkIds = (indexed.payload as { chunkIds: string[] }).chunkIds;
    expect(chunkIds.length).toBeGreaterThan(0);

    // 6. Another customer asks the same question: answered from the new article, cited.
    const other = await stack.connect('cust-reseller-2');
    const second = await ask(other.socket, QUESTION);
    other.socket.close();
    expect(second.reply.kind).toBe('answer');
    const citations = second.reply.citations as { docId: string; chunkId: string }[];
    expect(citations).toEqual(
      expect.arrayContaining([expect.objectContaining({ docId, title: TITLE })]),
    );
    for (const citation of citations.filter((c) => c.docId === docId))
      expect(chunkIds).toContain(citation.chunkId);
    expect(String(second.reply.text)).toMatch(new RegExp(`\\[${docId}#\\d+\\]`));
    // It quotes the admin's answer, not the customer's own question listed in the article (the
    // citation stands before the full stop, where the check puts it).
    expect(String(second.reply.text)).toContain(
      'Resellers can return unsold stock from a wholesale order within 60 days of delivery',
    );
    expect(String(second.reply.text)).not.toContain(QUESTION);

    // 7. The gap is closed by the article; nothing on the page ran the admin's markup.
    await eventually(
      async () => {
        await page.click('#gaps-refresh');
        await page.waitForTimeout(200);
        return (await gap.getAttribute('data-status')) === 'closed';
      },
      20_000,
      300,
    );
    await expect(gap.locator('.doc-id').textContent()).resolves.toBe(docId);
    expect(await injectionEffects(opened)).toEqual(INERT);
    expect(dialogs).toEqual([]);
    await page.screenshot({
      path: `${process.env.SCREENSHOT_DIR ?? '/tmp'}/gaps-page-closed.png`,
      fullPage: true,
    });

    // 8. A replay of the log from the start rebuilds the same gaps view.
    const admin = await demoToken(stack.gateway.url, 'admin-huda', 'admin');
    const rebuilt = await openDatabase({ url: stack.database.url, schema: 'replay_gaps_check' });
    try {
      const readFrom = new KnowledgeGaps(
        // The customers' keys stay where the services keep them: the replay rebuilds rows only.
        new KnowledgeReader(rebuilt, stack.gateway.app.get(PersonalData)),
        { publish: async () => undefined },
        { now: () => new Date() },
      );
      await eventually(
        async () => {
          const result = await replayFromStart(bus, rebuilt, ALL_PROJECTIONS);
          expect(result.failed).toEqual([]);
          const live = await adminGaps(admin);
          expect(live.status).toBe(200);
          const replayed = JSON.parse(JSON.stringify({ gaps: await readFrom.gaps() })) as unknown;
          expect(replayed).toEqual(live.body);
          return true;
        },
        30_000,
        500,
      );
    } finally {
      await rebuilt.destroy();
    }
    const view = (await adminGaps(admin)).body as { gaps: { gapId: string; status: string }[] };
    expect(view.gaps.find((g) => g.gapId === gapId)).toMatchObject({ status: 'closed', docId });
  });

  it('refuses customer and analyst tokens on the gaps data (403), and no token (401)', async () => {
    for (const role of ['customer', 'analyst'] as const)
      expect(
        (await adminGaps(await demoToken(stack.gateway.url, `someone-${role}`, role))).status,
      ).toBe(403);
    expect((await fetch(`${stack.gateway.url}/admin/knowledge/gaps`)).status).toBe(401);
  });
});
