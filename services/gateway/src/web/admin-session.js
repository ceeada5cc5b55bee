// @ts-check
// The admin pages' sign-in, shared by the queue and the knowledge gaps: a pasted token or, where
// the gateway issues demo admin tokens, an admin id. The token is checked over HTTP first (a
// refused WebSocket upgrade cannot tell the page why) and kept for the tab, so signing in on one
// page signs in on the other.
(() => {
  'use strict';
  const TOKEN_KEY = 'support.admin.token';
  // The console's folder (/admin/), from this script's own address, whatever the page's.
  const CONSOLE = new URL('.', /** @type {HTMLScriptElement} */ (document.currentScript).src);
  /** @param {string} id */
  const $ = (id) => /** @type {HTMLElement} */ (document.getElementById(id));
  const ui = {
    signIn: $('admin-sign-in'),
    tokenForm: $('admin-token-login'),
    token: /** @type {HTMLTextAreaElement} */ ($('admin-token')),
    login: $('admin-login'),
    adminId: /** @type {HTMLInputElement} */ ($('admin-id')),
    signedIn: $('admin-signed-in'),
    error: $('admin-error'),
  };

  /** Shows a message in the page's alert, or hides it when empty. @param {string} message */
  function showError(message) {
    ui.error.textContent = message;
    ui.error.hidden = !message;
  }

  /**
   * Wires the sign-in forms and signs in again with the tab's token, if any.
   * @param {{
   *   onSignedIn: (token: string, subject: string) => unknown,
   *   onSignedOut: () => void,
   * }} page what the page shows and drops as the admin signs in and out
   */
  function start(page) {
    /** @param {string} message */
    function signOut(message) {
      sessionStorage.removeItem(TOKEN_KEY);
      ui.signedIn.hidden = true;
      ui.signIn.hidden = false;
      page.onSignedOut();
      showError(message);
    }

    /** @param {string} token */
    async function signIn(token) {
      showError('');
      const response = await fetch(new URL('session', CONSOLE), {
        headers: { Authorization: `Bearer ${token}` },
      });
      if (!response.ok) {
        const why =
          response.status === 403
            ? 'This token is not an admin token.'
            : 'This token is not valid (expired, or signed with another secret).';
        signOut(`Sign-in refused (${response.status}): ${why}`);
        return;
      }
      const session = await response.json();
      sessionStorage.setItem(TOKEN_KEY, token);
      ui.signedIn.textContent = `Signed in as ${session.subject}`;
      ui.signedIn.hidden = false;
      ui.signIn.hidden = true;
      await page.onSignedIn(token, session.subject);
    }

    ui.tokenForm.addEventListener('submit', (event) => {
      event.preventDefault();
      const pasted = ui.token.value.trim();
      ui.token.value = '';
      if (pasted) signIn(pasted);
    });

    ui.login.addEventListener('submit', async (event) => {
      event.preventDefault();
      showError('');
      const response = await fetch(new URL('../auth/demo-token', CONSOLE), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ customerId: ui.adminId.value.trim(), role: 'admin' }),
      });
      if (!response.ok) return showError(`sign-in failed (${response.status})`);
      const { token } = await response.json();
      signIn(token);
    });

    // The demo sign-in by name is offered only where the gateway issues demo admin tokens.
    fetch(new URL('../auth/demo-token', CONSOLE))
      .then(async (response) => {
        if (!response.ok) return;
        const { roles } = await response.json();
        ui.login.hidden = !(Array.isArray(roles) && roles.includes('admin'));
      })
      .catch(() => undefined);

    const saved = sessionStorage.getItem(TOKEN_KEY);
    if (saved) signIn(saved);
    return { signOut };
  }

  window.AdminSession = { showError, start };
})();
