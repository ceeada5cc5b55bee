import { describe, expect, it } from '@jest/globals';
import { ConfigError } from '@support/platform/pure';
import { demoModeWarning } from './demo-mode.js';
import { gatewayConfigFromEnv } from './gateway-config.js';
import { DEV_TOKEN_SECRET } from './gateway-own-env.js';

const SECRET = 'a-real-secret-a-real-secret-a-real-secret';

describe('gateway configuration: demo mode and the token secret', () => {
  it.each([
    [{ NODE_ENV: 'prod', AUTH_TOKEN_SECRET: SECRET }, 'NODE_ENV', /got "prod"/],
    [{ NODE_ENV: 'Production', AUTH_TOKEN_SECRET: SECRET }, 'NODE_ENV', /got "Production"/],
    // The public development secret without demo mode: a real deployment that forgot its secret.
    [{}, 'AUTH_TOKEN_SECRET', /only in demo mode/],
    [{ AUTH_TOKEN_SECRET: DEV_TOKEN_SECRET }, 'AUTH_TOKEN_SECRET', /only in demo mode/],
    [{ DEMO_TOKENS: 'false' }, 'AUTH_TOKEN_SECRET', /only in demo mode/],
    // Demo mode signs in as any customer: never in production, whatever the secret.
    [{ NODE_ENV: 'production', DEMO_TOKENS: 'true' }, 'AUTH_TOKEN_SECRET', /in production/],
    [
      { NODE_ENV: 'production', DEMO_TOKENS: 'true', AUTH_TOKEN_SECRET: SECRET },
      'DEMO_TOKENS',
      /any customer, their orders and address included/,
    ],
    [{ NODE_ENV: 'production' }, 'AUTH_TOKEN_SECRET', /in production/],
    [{ DEMO_TOKENS: 'sure', AUTH_TOKEN_SECRET: SECRET }, 'DEMO_TOKENS', /boolean/],
  ])('refuses %j, naming %s', (env, variable, reason) => {
    let error: unknown;
    try {
      gatewayConfigFromEnv(env);
    } catch (thrown) {
      error = thrown;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).variable).toBe(variable);
    expect((error as ConfigError).message).toMatch(reason);
  });

  it('issues no demo tokens unless DEMO_TOKENS=true, whatever NODE_ENV says', () => {
    for (const NODE_ENV of [undefined, 'development', 'test', 'production']) {
      const config = gatewayConfigFromEnv({ NODE_ENV, AUTH_TOKEN_SECRET: SECRET });
      expect([NODE_ENV, config.demoTokenRoles]).toEqual([NODE_ENV, []]);
      expect(demoModeWarning(config)).toBeNull();
    }
  });

  it('in demo mode outside production, issues every role with the development secret, and says so', () => {
    for (const NODE_ENV of [undefined, 'development', 'test']) {
      const config = gatewayConfigFromEnv({ NODE_ENV, DEMO_TOKENS: 'true' });
      expect(config.tokenSecret).toBe(DEV_TOKEN_SECRET);
      expect(config.demoTokenRoles).toEqual(['customer', 'admin', 'analyst']);
      const warning = demoModeWarning(config);
      expect(warning).toMatch(/DEMO_TOKENS=true/);
      expect(warning).toMatch(/customer, admin, analyst tokens for any name/);
      expect(warning).toMatch(/public development secret/);
    }
  });

  it('in demo mode with a real secret, says so without naming the development secret', () => {
    const config = gatewayConfigFromEnv({ DEMO_TOKENS: 'true', AUTH_TOKEN_SECRET: SECRET });
    expect(config.demoTokenRoles).toEqual(['customer', 'admin', 'analyst']);
    expect(demoModeWarning(config)).not.toMatch(/development secret/);
  });
});
