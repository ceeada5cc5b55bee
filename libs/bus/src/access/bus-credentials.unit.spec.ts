import { describe, expect, it } from '@jest/globals';
import { busOptionsFromEnv } from '../bus-options.js';

describe('bus credentials from the environment', () => {
  it('connects as NATS_USER with NATS_PASSWORD, or anonymously when neither is set', () => {
    expect(
      busOptionsFromEnv('t', { NATS_USER: 'gateway', NATS_PASSWORD: 'pw' }).credentials,
    ).toEqual({ user: 'gateway', password: 'pw' });
    expect(busOptionsFromEnv('t', {}).credentials).toBeUndefined();
  });

  it('refuses one without the other, and a user name that is not one subject token', () => {
    expect(() => busOptionsFromEnv('t', { NATS_USER: 'gateway' })).toThrow(
      /NATS_PASSWORD is required when NATS_USER is set/,
    );
    expect(() => busOptionsFromEnv('t', { NATS_PASSWORD: 'pw' })).toThrow(
      /NATS_USER is required when NATS_PASSWORD is set/,
    );
    expect(() => busOptionsFromEnv('t', { NATS_USER: 'a.b', NATS_PASSWORD: 'pw' })).toThrow(
      /NATS_USER must be letters, digits/,
    );
  });
});
