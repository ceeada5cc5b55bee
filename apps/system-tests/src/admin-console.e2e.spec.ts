import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { bearer, eventually, launchChromium, TestSocket } from '@support/testing';
import type { Browser } from 'playwright-core';
import { ask, startSupportStack, type SupportStack } from './support/support-stack.js';

describe('admin console in a real browser', () => {
  let stack: SupportStack;
  let browser: Browser;

  beforeAll(async () => {
    stack = await startSupportStack();
    browser = await launchChromium();
  }, 90_000);

  afterAll(async () => {
    await browser?.close();
    await stack?.close();
  }, 60_000);

  it('shows an escalation live and a reply typed in the console reaches the customer', async () => {
    const page = await browser.newPage({ baseURL: stack.gateway.url });
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await page.goto('/admin');
    await page.fill('#admin-id', 'admin-huda');
    await page.click('#admin-login-submit');
    await page.waitForSelector('#admin-conn-status[data-state="open"]');

    const { socket, conversationId } = await stack.connect('cust-console');
    const question =
      "I'm a reseller, can I return unsold stock from my wholesale order? <b>now</b>";
    const { reply } = await ask(socket, question);
    expect(reply.kind).toBe('abstention');

    const card = page.locator(`.escalation[data-conversation-id="${conversationId}"]`);
    await card.waitFor({ timeout: 15_000 });
    await expect(card.getAttribute('data-reason')).resolves.toBe('below_score_floor');
    await expect(card.locator('.reason').textContent()).resolves.toBe(
      'No article answered well enough',
    );
    // The customer's words are shown as text, never as markup.
    await expect(
      card.locator('.transcript li[data-role="customer"]').first().textContent(),
    ).resolves.toContain('<b>now</b>');
    expect(await card.locator('b').count()).toBe(0);

    const from = socket.frames.length;
    await card
      .locator('.reply-input')
      .fill('Hello, this is Huda. Wholesale returns follow your reseller contract.');
    await card.locator('.reply-send').click();
    const human = await socket.next((f) => f.type === 'reply' && f.kind === 'human', 15_000, from);
    expect(human.text).toBe(
      'Hello, this is Huda. Wholesale returns follow your reseller contract.',
    );
    await page
      .locator(`.escalation[data-status="resolved"][data-conversation-id="${conversationId}"]`)
      .waitFor({ state: 'attached', timeout: 10_000 });
    await eventually(async () => !(await stack.conversations().isPaused(conversationId)), 15_000);

    // A fresh console lists only open escalations (from the projection): this one is resolved.
    const fresh = await browser.newPage({ baseURL: stack.gateway.url });
    await fresh.goto('/admin');
    await fresh.fill('#admin-id', 'admin-huda');
    await fresh.click('#admin-login-submit');
    await fresh.waitForSelector('#admin-conn-status[data-state="open"]');
    await eventually(
      async () =>
        (await fresh.locator(`.escalation[data-conversation-id="${conversationId}"]`).count()) ===
        0,
    );
    expect(pageErrors).toEqual([]);
    socket.close();
  });

  it('refuses customer tokens on the admin socket', async () => {
    const response = await fetch(`${stack.gateway.url}/auth/demo-token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ customerId: 'cust-sneaky' }),
    });
    const { token } = (await response.json()) as { token: string };
    await expect(
      TestSocket.open(`${stack.gateway.url.replace('http', 'ws')}/admin/ws`, bearer(token)),
    ).rejects.toMatchObject({ status: 403 });
  });
});
