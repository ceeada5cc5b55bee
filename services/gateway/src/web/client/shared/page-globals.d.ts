import type { WebProtocol } from '../../web-protocol.js';

// What `protocol.js` (served by the gateway, loaded before each page's module) puts on `window`.
declare global {
  interface Window {
    readonly GatewayProtocol: WebProtocol;
  }
}

export {};
