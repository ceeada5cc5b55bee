import { describe, expect, it } from '@jest/globals';
import { runInNewContext } from 'node:vm';
import {
  ATTACHMENT_MAX_BYTES,
  ATTACHMENT_MIME_TYPES,
  CUSTOMER_ID_MAX_CHARS,
  DRAFT_LIMITS,
  MESSAGE_MAX_CHARS,
} from '@support/contracts';
import { PROTOCOL_SCRIPT, WEB_PROTOCOL } from './web-protocol.js';

/** Runs protocol.js as a page would and returns what it put on `window`. */
function loadProtocolScript(): typeof WEB_PROTOCOL {
  const window: { GatewayProtocol?: typeof WEB_PROTOCOL } = {};
  runInNewContext(PROTOCOL_SCRIPT, { window });
  return window.GatewayProtocol!;
}

describe('protocol.js', () => {
  it('gives the pages the limits the contracts enforce', () => {
    const protocol = loadProtocolScript();
    expect(protocol.chat).toEqual({
      messageMaxChars: MESSAGE_MAX_CHARS,
      attachmentMaxBytes: ATTACHMENT_MAX_BYTES,
      attachmentMimeTypes: [...ATTACHMENT_MIME_TYPES],
      customerIdMaxChars: CUSTOMER_ID_MAX_CHARS,
    });
    expect(protocol.drafts).toEqual({
      titleMaxChars: DRAFT_LIMITS.titleChars,
      topicMaxChars: DRAFT_LIMITS.topicChars,
    });
    expect(protocol.bearerSubprotocolPrefix).toBe('bearer.');
    expect(protocol.tokenExpiredCloseCode).toBe(4001);
  });

  it('is frozen all the way down, so a page cannot change what another part of it reads', () => {
    const protocol = loadProtocolScript();
    expect(Object.isFrozen(protocol)).toBe(true);
    expect(Object.isFrozen(protocol.chat)).toBe(true);
    expect(Object.isFrozen(protocol.chat.attachmentMimeTypes)).toBe(true);
  });
});
