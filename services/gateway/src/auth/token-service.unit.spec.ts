import { describe, expect, it } from '@jest/globals';
import { SignJWT } from 'jose';
import { TokenService } from './token-service.js';

const SECRET = 'unit-secret-unit-secret-unit-secret-unit';

describe('token service', () => {
  let now = new Date('2026-12-02T10:00:00Z');
  const tokens = new TokenService(SECRET, { now: () => now });

  it('round-trips a customer token', async () => {
    const token = await tokens.issue({ subject: 'cust-1001', role: 'customer' });
    const principal = await tokens.verify(token, 'customer');
    expect(principal).toEqual({
      subject: 'cust-1001',
      role: 'customer',
      expiresAt: new Date(now.getTime() + 12 * 3600_000),
    });
    expect(tokens.millisecondsLeft(principal)).toBe(12 * 3600_000);
  });

  it('refuses a correctly signed token that never expires, or does not say when it was issued', async () => {
    const key = new TextEncoder().encode(SECRET);
    const signed = (claims: { exp?: number; iat?: number }) => {
      const jwt = new SignJWT({ role: 'customer' })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject('cust-1001')
        .setIssuer('support-gateway');
      if (claims.iat !== undefined) jwt.setIssuedAt(claims.iat);
      if (claims.exp !== undefined) jwt.setExpirationTime(claims.exp);
      return jwt.sign(key);
    };
    const nowSeconds = Math.floor(now.getTime() / 1000);
    await expect(
      tokens.verify(await signed({ iat: nowSeconds }), 'customer'),
    ).rejects.toMatchObject({ code: 'unauthenticated', message: expect.stringContaining('"exp"') });
    await expect(
      tokens.verify(await signed({ exp: nowSeconds + 60 }), 'customer'),
    ).rejects.toMatchObject({ code: 'unauthenticated', message: expect.stringContaining('"iat"') });
    await expect(
      tokens.verify(await signed({ iat: nowSeconds, exp: nowSeconds + 60 }), 'customer'),
    ).resolves.toMatchObject({ subject: 'cust-1001' });
  });

  it('refuses a correctly signed token issued in the future or living longer than 30 days', async () => {
    const key = new TextEncoder().encode(SECRET);
    const signed = (iat: number, exp: number) =>
      new SignJWT({ role: 'customer' })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject('cust-1001')
        .setIssuer('support-gateway')
        .setIssuedAt(iat)
        .setExpirationTime(exp)
        .sign(key);
    const nowSeconds = Math.floor(now.getTime() / 1000);
    const year = 365 * 24 * 3600;
    await expect(
      tokens.verify(await signed(nowSeconds + 3600, nowSeconds + 7200), 'customer'),
    ).rejects.toMatchObject({ code: 'unauthenticated', message: 'Token is issued in the future' });
    await expect(
      tokens.verify(await signed(nowSeconds, nowSeconds + 100 * year), 'customer'),
    ).rejects.toMatchObject({ code: 'unauthenticated', message: expect.stringMatching(/30 days/) });
    // Issued long ago and still unexpired: it cannot have lived 30 days or less.
    await expect(
      tokens.verify(await signed(nowSeconds - 31 * 24 * 3600, nowSeconds + 60), 'customer'),
    ).rejects.toMatchObject({ code: 'unauthenticated' });
    // Within a minute of clock skew, and exactly 30 days: accepted.
    await expect(
      tokens.verify(await signed(nowSeconds + 30, nowSeconds + 30 * 24 * 3600), 'customer'),
    ).resolves.toMatchObject({ subject: 'cust-1001' });
    await expect(
      tokens.issue({ subject: 'cust-1001', role: 'customer' }, 31 * 24 * 3600),
    ).rejects.toMatchObject({ code: 'validation_failed' });
  });

  it('refuses missing, forged, tampered, expired and wrong-role tokens with stable codes', async () => {
    const token = await tokens.issue({ subject: 'cust-1001', role: 'customer' }, 60);
    await expect(tokens.verify(undefined, 'customer')).rejects.toMatchObject({
      code: 'unauthenticated',
    });
    const other = new TokenService('another-secret-another-secret-another', { now: () => now });
    await expect(other.verify(token, 'customer')).rejects.toMatchObject({
      code: 'unauthenticated',
    });
    const [header, , signature] = token.split('.');
    const tampered = `${header}.${Buffer.from(JSON.stringify({ sub: 'cust-2', role: 'customer' })).toString('base64url')}.${signature}`;
    await expect(tokens.verify(tampered, 'customer')).rejects.toMatchObject({
      code: 'unauthenticated',
    });
    await expect(tokens.verify(token, 'admin')).rejects.toMatchObject({ code: 'forbidden' });
    now = new Date(now.getTime() + 61_000);
    await expect(tokens.verify(token, 'customer')).rejects.toThrow(/expired/);
  });

  it('refuses subjects that are not plain identifiers', async () => {
    await expect(tokens.issue({ subject: '<script>', role: 'customer' })).rejects.toMatchObject({
      code: 'validation_failed',
    });
  });
});
