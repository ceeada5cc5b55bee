import type { WebProtocol } from './web-protocol.js';

// What the pages' classic scripts put on `window` for each other and for the page tests.
declare global {
  interface Window {
    /** Set by `protocol.js`, which a page loads before its own script. */
    readonly GatewayProtocol: WebProtocol;
    /** Set by `admin-session.js`: the admin pages' sign-in. */
    AdminSession: {
      showError(message: string): void;
      start(page: {
        onSignedIn: (token: string, subject: string) => unknown;
        onSignedOut: () => void;
      }): { signOut(message: string): void };
    };
    /** chat.js's pure helpers. */
    ChatPage: unknown;
  }
}

export {};
