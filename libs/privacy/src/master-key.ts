import { createHash } from 'node:crypto';
import { ConfigError, type EnvVar, int, optional, runtimeEnv } from '@support/platform/pure';

export const MASTER_KEY_BYTES = 32;

/** A 32-byte key in base64: what PERSONAL_DATA_MASTER_KEY must be. */
function base64Key(): EnvVar<Buffer> {
  return {
    description:
      'base64 of 32 random bytes (openssl rand -base64 32) wrapping every customer data key; ' +
      'unset = the development key (refused in production; npm start generates one into .data)',
    parse: (raw, name) => {
      const key = Buffer.from(raw ?? '', 'base64');
      if (key.length !== MASTER_KEY_BYTES || key.toString('base64') !== raw?.trim())
        throw new ConfigError(name, `must be base64 of ${MASTER_KEY_BYTES} bytes`);
      return key;
    },
  };
}

/** What a service that seals or opens personal data reads (its env schema spreads it). */
export const personalDataEnv = {
  PERSONAL_DATA_MASTER_KEY: optional(base64Key()),
  CUSTOMER_KEY_CACHE_MS: int({
    default: 60_000,
    min: 0,
    description:
      'how long an unwrapped data key stays in memory (another process forgets late by at most this)',
  }),
};

/** {@link personalDataEnv} and NODE_ENV, which decides whether the development key may be used. */
export const privacyEnv = { ...runtimeEnv, ...personalDataEnv };

/**
 * The key of tests and of a service started bare outside production. It is in the source code, so
 * it protects nothing: production refuses to run without its own key.
 */
const DEVELOPMENT_MASTER_KEY = createHash('sha256')
  .update('support-agent development master key: never for production')
  .digest();

/** The master key the configuration names, or the development key outside production. */
export function masterKeyOf(config: {
  NODE_ENV: string;
  PERSONAL_DATA_MASTER_KEY: Buffer | undefined;
}): Buffer {
  if (config.PERSONAL_DATA_MASTER_KEY) return config.PERSONAL_DATA_MASTER_KEY;
  if (config.NODE_ENV === 'production')
    throw new ConfigError('PERSONAL_DATA_MASTER_KEY', 'is required in production');
  return DEVELOPMENT_MASTER_KEY;
}

/** A short public name of a master key, stored beside each key it wraps: a wrong key says so. */
export function masterKeyId(masterKey: Buffer): string {
  return createHash('sha256').update('master-key-id').update(masterKey).digest('hex').slice(0, 16);
}
