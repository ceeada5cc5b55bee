import { createHmac } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import {
  metaJson,
  messagesChange,
  textMessage,
  webhookDelivery,
} from '../testing/webhook-fixtures.js';
import { signWebhookBody, verifyWebhookSignature } from './webhook-signature.js';

const SECRET = 'app-secret';
const options = { from: '966500000001', id: 'wamid.X', timestamp: 1749416383 };
// Meta escapes non-ASCII characters in the bytes it signs (see metaJson).
const body = Buffer.from(
  metaJson(webhookDelivery([messagesChange(options, textMessage(options, 'وين طلبي؟'))])),
);

describe('X-Hub-Signature-256', () => {
  it('accepts the HMAC-SHA256 of the raw bytes with the app secret, as Meta computes it', () => {
    expect(body.toString()).toContain('\\u0648');
    const header = `sha256=${createHmac('sha256', SECRET).update(body).digest('hex')}`;
    expect(signWebhookBody(body, SECRET)).toBe(header);
    expect(verifyWebhookSignature(body, header, SECRET)).toBe('valid');
    expect(
      verifyWebhookSignature(body, header.toUpperCase().replace('SHA256=', 'sha256='), SECRET),
    ).toBe('valid');
  });

  it('refuses a missing, malformed or wrong signature, a changed body, and the re-serialised body', () => {
    const header = signWebhookBody(body, SECRET);
    expect(verifyWebhookSignature(body, undefined, SECRET)).toBe('missing');
    expect(verifyWebhookSignature(body, '', SECRET)).toBe('missing');
    expect(verifyWebhookSignature(body, header.replace('sha256=', 'sha1='), SECRET)).toBe(
      'invalid',
    );
    expect(verifyWebhookSignature(body, `${header}00`, SECRET)).toBe('invalid');
    expect(verifyWebhookSignature(body, signWebhookBody(body, 'other-secret'), SECRET)).toBe(
      'invalid',
    );
    const changed = Buffer.from(body.toString().replace('1749416383', '1749416384'));
    expect(verifyWebhookSignature(changed, header, SECRET)).toBe('invalid');
    // Parsing and stringifying undoes Meta's escapes: the bytes differ, so must the verdict.
    const reserialised = Buffer.from(JSON.stringify(JSON.parse(body.toString())));
    expect(verifyWebhookSignature(reserialised, header, SECRET)).toBe('invalid');
  });
});
