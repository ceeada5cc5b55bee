import { describe, expect, it } from '@jest/globals';
import { loadConfig } from '@support/platform';
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
