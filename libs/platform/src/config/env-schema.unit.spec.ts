import { describe, expect, it } from '@jest/globals';
import {
  bool,
  ConfigError,
  int,
  loadConfig,
  num,
  oneOf,
  optional,
  str,
  url,
} from './env-schema.js';

describe('configuration', () => {
  const schema = {
    NATS_URL: url({ default: 'nats://127.0.0.1:4222', protocols: ['nats'] }),
    LEG_TIMEOUT_MS: int({ default: 2000, min: 1 }),
    DEMO: optional(bool()),
    NAME: str(),
    FLOOR: num({ default: 0.3, min: 0, max: 1 }),
    MODE: oneOf(['development', 'production'], { default: 'development' }),
  };

  it('applies defaults and parses values', () => {
    expect(loadConfig(schema, { NAME: 'x', LEG_TIMEOUT_MS: '150', DEMO: 'off' })).toEqual({
      NATS_URL: 'nats://127.0.0.1:4222',
      LEG_TIMEOUT_MS: 150,
      DEMO: false,
      NAME: 'x',
      FLOOR: 0.3,
      MODE: 'development',
    });
    expect(loadConfig(schema, { NAME: 'x', MODE: 'production' }).MODE).toBe('production');
  });

  it("takes a cluster's URLs separated by commas where a list is allowed, each checked", () => {
    const servers = { NATS_URL: url({ protocols: ['nats'], list: true }) };
    const cluster = 'nats://10.0.0.1:4222,nats://10.0.0.2:4222, nats://10.0.0.3:4222';
    expect(loadConfig(servers, { NATS_URL: cluster }).NATS_URL).toBe(cluster);
    expect(() => loadConfig(servers, { NATS_URL: 'nats://a:1,http://b:2' })).toThrow(
      /NATS_URL must use nats, got "http"/,
    );
    expect(() => loadConfig(servers, { NATS_URL: 'nats://a:1,,' })).toThrow(
      /NATS_URL must be a URL or URLs separated by commas/,
    );
    // Without `list`, one URL only.
    expect(() => loadConfig(schema, { NAME: 'x', NATS_URL: 'nats://a:1,nats://b:2' })).toThrow(
      /NATS_URL must be a URL/,
    );
  });

  it.each([
    [{ NAME: 'x', LEG_TIMEOUT_MS: 'fast' }, /LEG_TIMEOUT_MS must be an integer/],
    [{ NAME: 'x', LEG_TIMEOUT_MS: '0' }, /LEG_TIMEOUT_MS must be >= 1/],
    [{ NAME: 'x', NATS_URL: 'http://x' }, /NATS_URL must use nats/],
    [{ NAME: 'x', NATS_URL: 'not a url' }, /NATS_URL must be a URL/],
    [{ NAME: 'x', DEMO: 'maybe' }, /DEMO must be a boolean/],
    [{}, /NAME is required/],
    [{ NAME: 'x', FLOOR: '1.5' }, /FLOOR must be <= 1/],
    [{ NAME: 'x', FLOOR: 'high' }, /FLOOR must be a number/],
    [{ NAME: 'x', MODE: 'prod' }, /MODE must be one of development, production, got "prod"/],
    [{ NAME: 'x', MODE: 'Production' }, /MODE must be one of/],
  ])('stops with a message naming the variable (%j)', (env, message) => {
    expect(() => loadConfig(schema, env)).toThrow(ConfigError);
    expect(() => loadConfig(schema, env)).toThrow(message);
  });
});
