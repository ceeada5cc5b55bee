import { ROLES, type Role } from '../auth/token-service.js';
import { DEV_TOKEN_SECRET } from './gateway-own-env.js';

/**
 * The roles the demo issuer signs tokens for: none unless demo mode was asked for. Demo mode never
 * runs in production (the configuration refuses it): a demo token signs in as anyone, a
 * customer's orders and address included.
 */
export function demoTokenRoles(demoMode: boolean): readonly Role[] {
  return demoMode ? ROLES : [];
}

/** What a gateway in demo mode tells its operator at start, or null outside demo mode. */
export function demoModeWarning(config: {
  readonly demoTokenRoles: readonly Role[];
  readonly tokenSecret: string;
}): string | null {
  const roles = config.demoTokenRoles;
  if (roles.length === 0) return null;
  return [
    `Demo mode (DEMO_TOKENS=true): POST /auth/demo-token signs ${roles.join(', ')} tokens for any name, without a password.`,
    config.tokenSecret === DEV_TOKEN_SECRET
      ? 'Tokens are signed with the public development secret (AUTH_TOKEN_SECRET is unset).'
      : null,
    'Anyone who reaches this gateway can sign in as anyone it issues tokens for.',
  ]
    .filter((line) => line !== null)
    .join(' ');
}
