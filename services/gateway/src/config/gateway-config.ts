import { ConfigError, loadConfig } from '@support/platform';
import { DEV_TOKEN_SECRET, gatewayEnv } from './gateway-env.js';

export interface GatewayConfig {
  readonly tokenSecret: string;
  readonly demoTokens: boolean;
  readonly maxFrameBytes: number;
  readonly rateBurst: number;
  readonly ratePerMinute: number;
  readonly instance: string;
}

export const GATEWAY_CONFIG = Symbol('GATEWAY_CONFIG');

export function gatewayConfigFromEnv(
  env: Record<string, string | undefined> = process.env,
): GatewayConfig {
  const c = loadConfig(gatewayEnv, env);
  const production = env.NODE_ENV === 'production';
  if (c.AUTH_TOKEN_SECRET.length < 32)
    throw new ConfigError('AUTH_TOKEN_SECRET', 'must be at least 32 characters');
  if (production && c.AUTH_TOKEN_SECRET === DEV_TOKEN_SECRET)
    throw new ConfigError(
      'AUTH_TOKEN_SECRET',
      'must be set in production (the development default is public)',
    );
  return {
    tokenSecret: c.AUTH_TOKEN_SECRET,
    demoTokens: c.DEMO_TOKENS ?? !production,
    maxFrameBytes: c.WS_MAX_FRAME_BYTES,
    rateBurst: c.WS_RATE_BURST,
    ratePerMinute: c.WS_RATE_PER_MINUTE,
    instance: c.GATEWAY_INSTANCE,
  };
}
