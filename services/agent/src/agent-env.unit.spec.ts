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
