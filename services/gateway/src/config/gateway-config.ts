import { ConfigError, loadConfig } from '@support/platform/pure';
import type { Role } from '../auth/token-service.js';
import { demoTokenRoles } from './demo-mode.js';
import { DEV_TOKEN_SECRET, gatewayOwnEnv } from './gateway-own-env.js';

export interface GatewayConfig {
  readonly tokenSecret: string;
  /** The roles POST /auth/demo-token signs tokens for; empty outside demo mode. */
  readonly demoTokenRoles: readonly Role[];
  /** Demo tokens one client address may ask for at once, and per minute after that. */
  readonly demoTokenBurst: number;
  readonly demoTokensPerMinute: number;
  readonly maxFrameBytes: number;
  readonly rateBurst: number;
  readonly ratePerMinute: number;
  readonly helloBurst: number;
  readonly helloPerMinute: number;
  readonly maxConnectionsPerCustomer: number;
  readonly connectionLeaseMs: number;
  /** RETENTION_DAYS: customers quiet this long are forgotten; null = never. */
  readonly retentionDays: number | null;
  readonly instance: string;
  /** Where articles published from knowledge gaps go; undefined = retrieval's default. */
  readonly kbNamespace: string | undefined;
}

export const GATEWAY_CONFIG = Symbol('GATEWAY_CONFIG');

export function gatewayConfigFromEnv(
  env: Record<string, string | undefined> = process.env,
): GatewayConfig {
  const c = loadConfig(gatewayOwnEnv, env);
  const production = c.NODE_ENV === 'production';
  if (c.AUTH_TOKEN_SECRET.length < 32)
    throw new ConfigError('AUTH_TOKEN_SECRET', 'must be at least 32 characters');
  if (c.AUTH_TOKEN_SECRET === DEV_TOKEN_SECRET && (production || !c.DEMO_TOKENS))
    throw new ConfigError(
      'AUTH_TOKEN_SECRET',
      production
        ? 'must be set in production (the development default is public)'
        : 'must be set (the development default is public: it is accepted only in demo mode, DEMO_TOKENS=true)',
    );
  if (production && c.DEMO_TOKENS)
    throw new ConfigError(
      'DEMO_TOKENS',
      'must be false in production: a demo token signs in as any customer, their orders and address included',
    );
  return {
    tokenSecret: c.AUTH_TOKEN_SECRET,
    demoTokenRoles: demoTokenRoles(c.DEMO_TOKENS),
    demoTokenBurst: c.DEMO_TOKEN_BURST,
    demoTokensPerMinute: c.DEMO_TOKEN_PER_MINUTE,
    maxFrameBytes: c.WS_MAX_FRAME_BYTES,
    rateBurst: c.WS_RATE_BURST,
    ratePerMinute: c.WS_RATE_PER_MINUTE,
    helloBurst: c.WS_HELLO_BURST,
    helloPerMinute: c.WS_HELLO_PER_MINUTE,
    maxConnectionsPerCustomer: c.WS_MAX_CONNECTIONS_PER_CUSTOMER,
    connectionLeaseMs: c.WS_CONNECTION_LEASE_MS,
    retentionDays: c.RETENTION_DAYS ?? null,
    instance: c.GATEWAY_INSTANCE,
    kbNamespace: c.KB_NAMESPACE,
  };
}
