import type { Browser, BrowserContext, Page } from 'playwright-core';

/** Generous: the machine is small and shared; assertions themselves never wait. */
export const UI_TIMEOUT_MS = 20_000;

/** Markup that runs script if a page ever parses it as HTML (the flag is set only by a payload). */
export const HTML_PAYLOAD = '<img src=x onerror="xssFired=true"> <script>xssFired=true</script>';

export interface OpenedPage {
  readonly page: Page;
  readonly context: BrowserContext;
  /** Uncaught errors in the page. */
  readonly errors: string[];
  /** URLs of every request the page made (an injected `<img src=x>` would fetch `/x`). */
  readonly requests: string[];
}

/**
 * A page in its own browser context (own storage) that records CSP violations, so that a payload
 * the page's Content-Security-Policy blocked still shows up as a failure: the CSP is a second
 * line, rendering as text is the first. `storage` is put in sessionStorage before any script runs.
 */
export async function openPage(
  browser: Browser,
  baseURL: string,
  storage: Record<string, string> = {},
): Promise<OpenedPage> {
  const context = await browser.newContext({ baseURL });
  context.setDefaultTimeout(UI_TIMEOUT_MS);
  await context.addInitScript((entries: Record<string, string>) => {
    const w = window as unknown as { __cspViolations: string[] };
    w.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (event) =>
      w.__cspViolations.push(`${event.violatedDirective} ${event.blockedURI}`),
    );
    for (const [key, value] of Object.entries(entries)) sessionStorage.setItem(key, value);
  }, storage);
  const page = await context.newPage();
  const errors: string[] = [];
  const requests: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('request', (request) => requests.push(request.url()));
  return { page, context, errors, requests };
}

/** What a page shows of an injection: everything must be empty for the page to be inert. */
export async function injectionEffects(opened: OpenedPage) {
  const inPage = await opened.page.evaluate(() => {
    const w = window as unknown as { xssFired?: unknown; __cspViolations?: string[] };
    return {
      flag: w.xssFired === undefined ? null : String(w.xssFired),
      injectedImages: document.querySelectorAll('img[src="x"]').length,
      injectedScripts: Array.from(document.scripts).filter((s) =>
        s.textContent?.includes('xssFired'),
      ).length,
      inlineHandlers: document.querySelectorAll('[onerror], [onload]').length,
      cspViolations: w.__cspViolations ?? [],
    };
  });
  return {
    ...inPage,
    payloadRequests: opened.requests.filter((url) => new URL(url).pathname.endsWith('/x')),
    pageErrors: opened.errors,
  };
}

export const INERT = {
  flag: null,
  injectedImages: 0,
  injectedScripts: 0,
  inlineHandlers: 0,
  cspViolations: [],
  payloadRequests: [],
  pageErrors: [],
};

/** Signs in on the customer chat page and waits until it can send. */
export async function signInToChat(page: Page, customerId: string): Promise<void> {
  await page.goto('/');
  await page.fill('#login-customer', customerId);
  await page.click('#login-submit');
  await page.waitForSelector('#conn-status[data-state="open"]');
  await page.waitForSelector('#composer-send:not([disabled])');
}

/** Signs in on the admin console and waits for its live socket. */
export async function signInToAdminConsole(page: Page, adminId: string): Promise<void> {
  await page.goto('/admin');
  await page.fill('#admin-id', adminId);
  await page.click('#admin-login-submit');
  await page.waitForSelector('#admin-conn-status[data-state="open"]');
}

/** Signs in on the analyst dashboard and waits for its numbers. */
export async function signInToDashboard(page: Page, analystId: string): Promise<void> {
  await page.goto('/dashboard');
  await page.fill('#dash-analyst', analystId);
  await page.click('#dash-login-submit');
  await page.waitForSelector('#dash:not([hidden])');
}

/** A demo token from the gateway (the embedded default's issuer). */
export async function demoToken(
  gatewayUrl: string,
  subject: string,
  role: 'customer' | 'admin' | 'analyst',
): Promise<string> {
  const response = await fetch(`${gatewayUrl}/auth/demo-token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ customerId: subject, role }),
  });
  if (!response.ok) throw new Error(`demo token: HTTP ${response.status}`);
  return ((await response.json()) as { token: string }).token;
}
