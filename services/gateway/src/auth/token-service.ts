import { errors, jwtVerify, SignJWT } from 'jose';
import { ADMIN_ID_MAX_CHARS, CUSTOMER_ID_MAX_CHARS } from '@support/contracts';
import { AppError, type Clock } from '@support/platform/pure';

export const ROLES = ['customer', 'admin', 'analyst'] as const;
export type Role = (typeof ROLES)[number];

export interface Principal {
  readonly subject: string;
  readonly role: Role;
}

export interface VerifiedPrincipal extends Principal {
  /** When the token stops being accepted: a socket opened with it is closed then. */
  readonly expiresAt: Date;
}

const ISSUER = 'support-gateway';
/** A subject becomes the customer or admin id of the events, so it keeps to their limit. */
const SUBJECT_MAX_CHARS = Math.min(CUSTOMER_ID_MAX_CHARS, ADMIN_ID_MAX_CHARS);
export const SUBJECT_PATTERN = new RegExp(`^[A-Za-z0-9_.@-]{1,${SUBJECT_MAX_CHARS}}$`);
/** A token without `exp` would be valid forever; without `iat` its age cannot be told. */
const REQUIRED_CLAIMS = ['exp', 'iat'];
/** The longest a token may live (`cli token --ttl` up to 30d): a longer one was not issued here. */
export const MAX_TOKEN_TTL_SECONDS = 30 * 24 * 3600;
/** Clocks of the issuer and the gateway may disagree by this much, no more. */
const CLOCK_TOLERANCE_SECONDS = 60;

/** Signs and verifies HS256 tokens that carry who the caller is (`sub`) and their role. */
export class TokenService {
  private readonly key: Uint8Array;

  constructor(
    secret: string,
    private readonly clock: Clock,
  ) {
    this.key = new TextEncoder().encode(secret);
  }

  async issue(principal: Principal, ttlSeconds = 12 * 3600): Promise<string> {
    if (ttlSeconds < 1 || ttlSeconds > MAX_TOKEN_TTL_SECONDS)
      throw new AppError(
        'validation_failed',
        `a token lives 1 s to ${MAX_TOKEN_TTL_SECONDS} s (30 days); asked for ${ttlSeconds} s`,
      );
    if (!SUBJECT_PATTERN.test(principal.subject))
      throw new AppError(
        'validation_failed',
        `subject must be 1-${SUBJECT_MAX_CHARS} letters, digits or ._@-`,
      );
    const now = Math.floor(this.clock.now().getTime() / 1000);
    return new SignJWT({ role: principal.role })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(principal.subject)
      .setIssuer(ISSUER)
      .setIssuedAt(now)
      .setExpirationTime(now + ttlSeconds)
      .sign(this.key);
  }

  async verify(token: string | undefined | null, role: Role): Promise<VerifiedPrincipal> {
    if (!token) throw new AppError('unauthenticated', 'A signed token is required');
    try {
      const { payload } = await jwtVerify(token, this.key, {
        algorithms: ['HS256'],
        issuer: ISSUER,
        currentDate: this.clock.now(),
        requiredClaims: REQUIRED_CLAIMS,
      });
      // jose checks that `exp` is ahead; what it leaves open is a token from the future or for
      // ever: neither was issued here, so the key signing it has leaked or been misused.
      const nowSeconds = this.clock.now().getTime() / 1000;
      if (payload.iat! > nowSeconds + CLOCK_TOLERANCE_SECONDS)
        throw new AppError('unauthenticated', 'Token is issued in the future');
      if (payload.exp! - payload.iat! > MAX_TOKEN_TTL_SECONDS)
        throw new AppError(
          'unauthenticated',
          'Token lives longer than 30 days; it was not issued here',
        );
      if (typeof payload.sub !== 'string' || !SUBJECT_PATTERN.test(payload.sub))
        throw new AppError('unauthenticated', 'Token has no valid subject');
      if (payload.role !== role)
        throw new AppError('forbidden', `This endpoint needs a ${role} token`);
      return { subject: payload.sub, role, expiresAt: new Date(payload.exp! * 1000) };
    } catch (error) {
      if (error instanceof AppError) throw error;
      throw new AppError('unauthenticated', refusalReason(error), { cause: error });
    }
  }

  /** How long a verified token has left, by the clock that verifies tokens. */
  millisecondsLeft(principal: VerifiedPrincipal): number {
    return principal.expiresAt.getTime() - this.clock.now().getTime();
  }
}

function refusalReason(error: unknown): string {
  if (error instanceof errors.JWTExpired) return 'Token expired';
  if (error instanceof errors.JWTClaimValidationFailed && error.reason === 'missing')
    return `Token has no "${error.claim}" claim; tokens must carry "exp" and "iat"`;
  return 'Token is invalid or forged';
}
