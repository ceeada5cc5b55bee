import { describe, expect, it } from '@jest/globals';
import { DEV_TOKEN_SECRET, TokenService } from '@support/gateway/pure';
import { EXIT } from '../cli/exit-codes.js';
import { mintToken, ttlSeconds } from './token.js';

const SECRET = 'operator-secret-operator-secret-0123456789';
const NOW = new Date('2026-12-03T10:00:00.000Z');
const clock = { now: () => NOW };
const env = { AUTH_TOKEN_SECRET: SECRET };

describe('cli token', () => {
  it('mints an admin token the gateway accepts for the admin role only, for the given time', async () => {
    const minted = await mintToken({ role: 'admin', subject: 'admin-huda', ttl: '2h' }, env, clock);
    expect(minted).toMatchObject({
      role: 'admin',
      subject: 'admin-huda',
      expiresAt: new Date('2026-12-03T12:00:00.000Z'),
    });
    const gateway = new TokenService(SECRET, clock);
    await expect(gateway.verify(minted.token, 'admin')).resolves.toMatchObject({
      subject: 'admin-huda',
      role: 'admin',
      expiresAt: new Date('2026-12-03T12:00:00.000Z'),
    });
    await expect(gateway.verify(minted.token, 'customer')).rejects.toMatchObject({
      code: 'forbidden',
    });
    const later = new TokenService(SECRET, { now: () => new Date('2026-12-03T12:00:01.000Z') });
    await expect(later.verify(minted.token, 'admin')).rejects.toMatchObject({
      code: 'unauthenticated',
    });
    await expect(
      new TokenService(`${SECRET}-other`, clock).verify(minted.token, 'admin'),
    ).rejects.toMatchObject({ code: 'unauthenticated' });
  });

  it('lasts 12 hours unless told otherwise', async () => {
    const minted = await mintToken({ role: 'analyst', subject: 'analyst-1' }, env, clock);
    expect(minted.expiresAt).toEqual(new Date('2026-12-03T22:00:00.000Z'));
  });

  it('refuses a missing, short or public secret with a message that says so', async () => {
    const request = { role: 'admin', subject: 'admin-huda' };
    await expect(mintToken(request, {}, clock)).rejects.toThrow('AUTH_TOKEN_SECRET is not set');
    await expect(mintToken(request, { AUTH_TOKEN_SECRET: 'short' }, clock)).rejects.toThrow(
      'AUTH_TOKEN_SECRET is too short (5 characters; the gateway needs at least 32)',
    );
    await expect(
      mintToken(request, { AUTH_TOKEN_SECRET: DEV_TOKEN_SECRET }, clock),
    ).rejects.toThrow('public development secret');
  });

  it('refuses an unknown role, a missing or malformed subject and a bad --ttl', async () => {
    await expect(mintToken({ role: 'root', subject: 'x' }, env, clock)).rejects.toThrow(
      '--role must be one of customer, admin, analyst; got "root"',
    );
    await expect(mintToken({ role: 'admin', subject: undefined }, env, clock)).rejects.toThrow(
      '--sub NAME is required',
    );
    await expect(
      mintToken({ role: 'admin', subject: 'huda <script>' }, env, clock),
    ).rejects.toMatchObject({ code: 'validation_failed' });
    expect(ttlSeconds('90m')).toBe(5400);
    expect(ttlSeconds('7d')).toBe(7 * 24 * 3600);
    expect(() => ttlSeconds('12')).toThrow('--ttl must be a number and a unit');
    expect(() => ttlSeconds('0s')).toThrow('between 1s and 30d');
    expect(() => ttlSeconds('31d')).toThrow('between 1s and 30d');
    // Bad arguments are usage errors: the CLI exits 2 for them, as README's table says.
    expect(() => ttlSeconds('90d')).toThrow(expect.objectContaining({ exitCode: EXIT.usage }));
    await expect(mintToken({ role: 'root', subject: 'x' }, env, clock)).rejects.toMatchObject({
      exitCode: EXIT.usage,
    });
  });
});
