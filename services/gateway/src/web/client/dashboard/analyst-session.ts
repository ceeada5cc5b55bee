import { byId } from '../shared/dom.js';

const TOKEN_KEY = 'support.analyst.token';
/** The dashboard's folder (/dashboard/), from this bundle's own address. */
export const DASHBOARD = new URL('.', import.meta.url);

export const analystToken = () => sessionStorage.getItem(TOKEN_KEY);

/** An analyst's request to the dashboard's API, for the period `days`; 401/403 sign them out. */
export async function analystFetch(
  path: string,
  params: Record<string, string>,
): Promise<Response> {
  const url = new URL(path, DASHBOARD);
  for (const [key, value] of Object.entries(params)) if (value) url.searchParams.set(key, value);
  const response = await fetch(url, { headers: { Authorization: `Bearer ${analystToken()}` } });
  if (response.status === 401 || response.status === 403) {
    sessionStorage.removeItem(TOKEN_KEY);
    throw Object.assign(new Error('sign in'), { signIn: true });
  }
  if (!response.ok) {
    const body = await response.json().catch(() => null);
    throw new Error(typeof body?.message === 'string' ? body.message : `${response.status}`);
  }
  return response;
}

/**
 * The analyst's sign-in: a pasted token (minted with `cli token --role analyst --sub NAME`) or,
 * in demo mode, a name; either way kept for the tab.
 */
export function wireAnalystSignIn(onSignedIn: () => unknown): void {
  byId('dash-login').addEventListener('submit', async (event) => {
    event.preventDefault();
    const response = await fetch(new URL('../auth/demo-token', DASHBOARD), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        customerId: byId('dash-analyst', HTMLInputElement).value.trim(),
        role: 'analyst',
      }),
    });
    if (!response.ok) return;
    sessionStorage.setItem(TOKEN_KEY, ((await response.json()) as { token: string }).token);
    await onSignedIn();
  });
  byId('dash-token-login').addEventListener('submit', async (event) => {
    event.preventDefault();
    const token = byId('dash-token', HTMLInputElement).value.trim();
    byId('dash-token', HTMLInputElement).value = '';
    if (!token) return;
    sessionStorage.setItem(TOKEN_KEY, token);
    await onSignedIn();
  });
}
