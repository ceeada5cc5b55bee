import { describe, expect, it } from '@jest/globals';
import { loadConfig } from '@support/platform/pure';
import { agentOwnEnv } from './agent-env.js';

describe('REPLY_LINK_HOSTS', () => {
  const hosts = (value: string | undefined) =>
    loadConfig(agentOwnEnv, { REPLY_LINK_HOSTS: value }).REPLY_LINK_HOSTS;

  it('allows no host when unset or empty', () => {
    expect(hosts(undefined)).toEqual([]);
    expect(hosts('')).toEqual([]);
  });

  it('reads host names separated by commas, lowercased', () => {
    expect(hosts(' Sanaa.Example, help.sanaa.example. ,xn--mgbh0fb.xn--kgbechtv')).toEqual([
      'sanaa.example',
      'help.sanaa.example',
      'xn--mgbh0fb.xn--kgbechtv',
    ]);
  });

  it.each(['https://sanaa.example', 'sanaa.example/returns', 'localhost', '*.sanaa.example'])(
    'stops the service on %j, naming the variable',
    (value) => {
      expect(() => hosts(value)).toThrow(/REPLY_LINK_HOSTS must be host names/);
    },
  );
});

describe('REPLY_LINK_HOSTS and the Public Suffix List', () => {
  const hosts = (value: string) =>
    loadConfig(agentOwnEnv, { REPLY_LINK_HOSTS: value }).REPLY_LINK_HOSTS;

  it.each(['co.uk', 'github.io', 'com.sa', 'blogspot.com', 'sanaa.example, com.sa'])(
    'stops the service on the public suffix in %j: anyone can register under it',
    (value) => {
      expect(() => hosts(value)).toThrow(/REPLY_LINK_HOSTS must name the shop's own hosts/);
    },
  );

  it('accepts a site registered under one', () => {
    expect(hosts('sanaa.co.uk, sanaa-shop.github.io')).toEqual([
      'sanaa.co.uk',
      'sanaa-shop.github.io',
    ]);
  });
});

describe('REPLY_MIN_SUPPORTED_SHARE', () => {
  const share = (value: string | undefined) =>
    loadConfig(agentOwnEnv, { REPLY_MIN_SUPPORTED_SHARE: value }).REPLY_MIN_SUPPORTED_SHARE;

  it('defaults to the validator’s share and reads a stricter or looser one', () => {
    expect(share(undefined)).toBe(0.75);
    expect(share('0.9')).toBe(0.9);
    expect(share('0.6')).toBe(0.6);
  });

  it.each(['0.2', '1.5', 'most', '-1'])('stops the service on %j, naming the variable', (value) => {
    expect(() => share(value)).toThrow(/REPLY_MIN_SUPPORTED_SHARE must be/);
  });
});

describe('SUPPORT_HOURS and SUPPORT_TIMEZONE', () => {
  const load = (env: Record<string, string | undefined>) => loadConfig(agentOwnEnv, env);

  it('default to every day, all day, in UTC', () => {
    const config = load({});
    expect(config.SUPPORT_HOURS.every((day) => day[0]?.start === 0 && day[0]?.end === 1440)).toBe(
      true,
    );
    expect(config.SUPPORT_TIMEZONE).toBe('UTC');
    expect(config.SUPPORT_EXPECTED_WAIT_MINUTES).toBe(15);
  });

  it('stop the service on a bad value, naming the variable and the problem', () => {
    expect(() => load({ SUPPORT_HOURS: 'weekdays 9-5' })).toThrow(/SUPPORT_HOURS .*weekdays/);
    expect(() => load({ SUPPORT_TIMEZONE: 'Riyadh' })).toThrow(
      /SUPPORT_TIMEZONE .*not an IANA time zone/,
    );
  });
});

describe('MODEL_CONTEXT_TOKENS and MODEL_ANSWER_TOKENS', () => {
  it('default to a 16,384-token context with 512 kept for the answer', () => {
    const config = loadConfig(agentOwnEnv, {});
    expect([config.MODEL_CONTEXT_TOKENS, config.MODEL_ANSWER_TOKENS]).toEqual([16_384, 512]);
  });

  it('refuse a context too small for the system prompt and the tools', () => {
    expect(() => loadConfig(agentOwnEnv, { MODEL_CONTEXT_TOKENS: '4096' })).toThrow(
      /MODEL_CONTEXT_TOKENS/,
    );
  });
});
