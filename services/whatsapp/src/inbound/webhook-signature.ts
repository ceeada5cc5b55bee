import { createHmac, timingSafeEqual } from 'node:crypto';

export type SignatureVerdict = 'valid' | 'missing' | 'invalid';

const HEADER_VALUE = /^sha256=([0-9a-f]{64})$/i;

/**
 * Meta's `X-Hub-Signature-256`: `sha256=` and the hex HMAC-SHA256 of the raw body with the app
 * secret, compared in constant time. The raw bytes as sent, never a re-serialised body: Meta
 * escapes non-ASCII characters (`\u0645`) in the JSON it signs, which a parse and stringify would
 * undo.
 */
export function verifyWebhookSignature(
  rawBody: Buffer,
  header: string | undefined,
  appSecret: string,
): SignatureVerdict {
  if (header === undefined || header === '') return 'missing';
  const match = HEADER_VALUE.exec(header.trim());
  if (!match) return 'invalid';
  const expected = createHmac('sha256', appSecret).update(rawBody).digest();
  const given = Buffer.from(match[1]!, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected) ? 'valid' : 'invalid';
}

/** The header Meta would send with `rawBody` (the fake Graph server and tests sign with it). */
export function signWebhookBody(rawBody: Buffer | string, appSecret: string): string {
  return `sha256=${createHmac('sha256', appSecret).update(rawBody).digest('hex')}`;
}
