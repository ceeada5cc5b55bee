import type { WebProtocol } from './web-protocol.js';

// What the pages' classic scripts put on `window` for each other and for the page tests.
declare global {
  interface Window {
    /** Set by `protocol.js`, which a page loads before its own script. */
    readonly GatewayProtocol: WebProtocol;
    /** chat.js's pure helpers. */
    ChatPage: unknown;
  }
}

export {};
