import {
  DEV_TOKEN_SECRET,
  MAX_TOKEN_TTL_SECONDS,
  ROLES,
  type Role,
  TokenService,
} from '@support/gateway/pure';
import { type Clock, systemClock } from '@support/platform/pure';
import { usageError } from '../cli/exit-codes.js';

export interface TokenRequest {
  readonly role: string | undefined;
  readonly subject: string | undefined;
  /** `<n>s`, `<n>m`, `<n>h` or `<n>d`; 12h when left out. */
  readonly ttl?: string;
}

export interface MintedToken {
  readonly token: string;
  readonly role: Role;
  readonly subject: string;
  readonly expiresAt: Date;
}

/** Same minimum as the gateway's configuration check. */
const MIN_SECRET_LENGTH = 32;
const UNIT_SECONDS = { s: 1, m: 60, h: 3600, d: 24 * 3600 } as const;

/** `12h` -> 43200; refuses anything but a positive whole number and one unit, up to 30 days. */
export function ttlSeconds(ttl: string): number {
  const match = /^(\d{1,7})([smhd])$/.exec(ttl.trim());
  if (!match)
    throw usageError(`--ttl must be a number and a unit (s, m, h or d), e.g. 12h; got "${ttl}"`);
  const seconds = Number(match[1]) * UNIT_SECONDS[match[2] as keyof typeof UNIT_SECONDS];
  if (seconds < 1 || seconds > MAX_TOKEN_TTL_SECONDS)
    throw usageError(`--ttl must be between 1s and 30d; got "${ttl}"`);
  return seconds;
}

/**
 * Signs a token with the gateway's own `TokenService` and `AUTH_TOKEN_SECRET`: how admin and
 * analyst tokens are issued where demo tokens are off (production). Refuses a missing, short or
 * public secret: a token signed with it would be refused by the gateway, or forgeable by anyone.
 */
export async function mintToken(
  request: TokenRequest,
  env: Record<string, string | undefined> = process.env,
  clock: Clock = systemClock,
): Promise<MintedToken> {
  const secret = env.AUTH_TOKEN_SECRET;
  if (!secret)
    throw new Error(
      'AUTH_TOKEN_SECRET is not set: set it to the secret the gateway signs tokens with',
    );
  if (secret.length < MIN_SECRET_LENGTH)
    throw new Error(
      `AUTH_TOKEN_SECRET is too short (${secret.length} characters; the gateway needs at least ${MIN_SECRET_LENGTH})`,
    );
  if (secret === DEV_TOKEN_SECRET)
    throw new Error(
      'AUTH_TOKEN_SECRET is the public development secret: anyone can sign tokens with it',
    );
  if (!ROLES.includes(request.role as Role))
    throw usageError(`--role must be one of ${ROLES.join(', ')}; got "${request.role ?? ''}"`);
  if (!request.subject)
    throw usageError('--sub NAME is required (the admin, analyst or customer id)');
  const role = request.role as Role;
  const seconds = ttlSeconds(request.ttl ?? '12h');
  const token = await new TokenService(secret, clock).issue(
    { subject: request.subject, role },
    seconds,
  );
  const issuedAt = Math.floor(clock.now().getTime() / 1000);
  return {
    token,
    role,
    subject: request.subject,
    expiresAt: new Date((issuedAt + seconds) * 1000),
  };
}

/** `token --role R --sub NAME [--ttl 12h]`: the token on stdout, what it is on stderr. */
export async function tokenCommand(request: TokenRequest): Promise<void> {
  const minted = await mintToken(request);
  process.stdout.write(`${minted.token}\n`);
  process.stderr.write(
    `${minted.role} token for ${minted.subject}, valid until ${minted.expiresAt.toISOString()}\n`,
  );
}
