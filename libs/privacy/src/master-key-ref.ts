import { createHmac } from 'node:crypto';

/**
 * The one reference derived from the master key: an HMAC-SHA256 of `value` under it, the `domain`
 * first so that a customer id and a message id never give the same bytes. Deterministic (the same
 * value, the same reference) and one-way without the master key.
 */
export function masterKeyRef(masterKey: Buffer, domain: string, value: string): Buffer {
  return createHmac('sha256', masterKey).update(`${domain}:${value}`).digest();
}
