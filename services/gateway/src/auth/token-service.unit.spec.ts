import { describe, expect, it } from '@jest/globals';
import { TokenService } from './token-service.js';

const SECRET = 'unit-secret-unit-secret-unit-secret-unit';

describe('token service', () => {
  let now = new Date('2026-12-02T10:00:00Z');
  const tokens = new TokenService(SECRET, { now: () => now });

  it('round-trips a customer token', async () => {
    const token = await tokens.issue({ subject: 'cust-1001', role: 'customer' });
    await expect(tokens.verify(token, 'customer')).resolves.toEqual({
      subject: 'cust-1001',
      role: 'customer',
    });
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
