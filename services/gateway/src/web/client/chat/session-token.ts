/** Reads a JWT payload without verifying it (the gateway verifies); used for `sub` and `exp`. */
export function decodeJwtPayload(token: string | null): { sub?: unknown; exp?: unknown } | null {
  try {
    const part = String(token).split('.')[1];
    if (!part) return null;
    const b64 = part
      .replace(/-/g, '+')
      .replace(/_/g, '/')
      .padEnd(Math.ceil(part.length / 4) * 4, '=');
    const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
    return JSON.parse(new TextDecoder().decode(bytes));
  } catch {
    return null;
  }
}

export function tokenExpired(token: string | null): boolean {
  const payload = decodeJwtPayload(token);
  return !!(payload && typeof payload.exp === 'number' && payload.exp * 1000 <= Date.now());
}

export function customerFromToken(token: string): string {
  const payload = decodeJwtPayload(token);
  return payload?.sub ? String(payload.sub) : 'unknown';
}

/** A token from the gateway's demo issuer (the embedded default's sign-in by customer id). */
export async function requestDemoToken(
  customerId: string,
): Promise<{ token: string; customerId: string }> {
  const res = await fetch('auth/demo-token', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ customerId }),
  });
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
  const body = await res.json();
  if (!body || typeof body.token !== 'string' || !body.token) throw new Error('no token');
  return { token: body.token, customerId: body.customerId ? String(body.customerId) : customerId };
}

/** True unless the gateway says the token is no longer accepted (401/403). */
export async function sessionStillValid(token: string | null): Promise<boolean> {
  try {
    const response = await fetch('auth/session', { headers: { Authorization: `Bearer ${token}` } });
    return response.status !== 401 && response.status !== 403;
  } catch {
    return true; // the gateway is unreachable: keep the session and retry
  }
}

/** crypto.randomUUID only exists in secure contexts; plain-http deployments still need ids. */
export function newClientMessageId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const h = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}
