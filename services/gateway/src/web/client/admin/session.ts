// The admin pages' sign-in, shared by the queue and the knowledge gaps: a pasted token or, where
// the gateway issues demo admin tokens, an admin id. The token is checked over HTTP first (a
// refused WebSocket upgrade cannot tell the page why) and kept for the tab, so signing in on one
// page signs in on the other.
import { byId } from '../shared/dom.js';
import type { MessageId, PageText } from '../shared/i18n.js';

const TOKEN_KEY = 'support.admin.token';
/** The console's folder (/admin/), from this bundle's own address, whatever the page's. */
export const CONSOLE = new URL('.', import.meta.url);

export interface AdminPage {
  onSignedIn(token: string, subject: string): unknown;
  onSignedOut(): void;
}

export class AdminSession {
  private readonly ui = {
    signIn: byId('admin-sign-in'),
    tokenForm: byId('admin-token-login', HTMLFormElement),
    token: byId('admin-token', HTMLTextAreaElement),
    login: byId('admin-login', HTMLFormElement),
    adminId: byId('admin-id', HTMLInputElement),
    signedIn: byId('admin-signed-in'),
    error: byId('admin-error'),
  };

  constructor(
    private readonly text: PageText,
    private readonly page: AdminPage,
  ) {
    this.ui.tokenForm.addEventListener('submit', (event) => {
      event.preventDefault();
      const pasted = this.ui.token.value.trim();
      this.ui.token.value = '';
      if (pasted) void this.signIn(pasted);
    });
    this.ui.login.addEventListener('submit', (event) => {
      event.preventDefault();
      void this.demoSignIn();
    });
    // The sign-in by name is offered only where the gateway issues demo admin tokens.
    fetch(new URL('../auth/demo-token', CONSOLE))
      .then(async (response) => {
        if (!response.ok) return;
        const { roles } = await response.json();
        this.ui.login.hidden = !(Array.isArray(roles) && roles.includes('admin'));
      })
      .catch(() => undefined);
    const saved = sessionStorage.getItem(TOKEN_KEY);
    if (saved) void this.signIn(saved);
  }

  /** Shows a message in the page's alert (in the page's language), or hides it. */
  showError(id: MessageId | null, values?: Record<string, string | number>): void {
    if (id) this.text.label(this.ui.error, id, values);
    this.ui.error.hidden = id === null;
  }

  signOut(reason: MessageId | null): void {
    sessionStorage.removeItem(TOKEN_KEY);
    this.ui.signedIn.hidden = true;
    this.ui.signIn.hidden = false;
    this.page.onSignedOut();
    this.showError(reason);
  }

  private async signIn(token: string): Promise<void> {
    this.showError(null);
    const response = await fetch(new URL('session', CONSOLE), {
      headers: { Authorization: `Bearer ${token}` },
    });
    if (!response.ok)
      return this.signOut(
        response.status === 403 ? 'admin.signIn.notAdmin' : 'admin.signIn.invalidToken',
      );
    const session = await response.json();
    sessionStorage.setItem(TOKEN_KEY, token);
    this.text.label(this.ui.signedIn, 'admin.signedInAs', { name: String(session.subject) });
    this.ui.signedIn.hidden = false;
    this.ui.signIn.hidden = true;
    await this.page.onSignedIn(token, String(session.subject));
  }

  private async demoSignIn(): Promise<void> {
    this.showError(null);
    const response = await fetch(new URL('../auth/demo-token', CONSOLE), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ customerId: this.ui.adminId.value.trim(), role: 'admin' }),
    });
    if (!response.ok) return this.showError('admin.signIn.failed');
    const { token } = await response.json();
    await this.signIn(token);
  }
}
