import { describe, expect, it } from '@jest/globals';
import { loadConfig } from '@support/platform/pure';
import { escalationOwnEnv } from './escalation-env.js';
import { adminAllowListFromConfig } from './escalation.module.js';

const slack = { SLACK_BOT_TOKEN: 'xoxb-1', SLACK_SIGNING_SECRET: 's', SLACK_CHANNEL: 'C1' };

describe('escalation configuration', () => {
  it('binds the Slack receiver to 127.0.0.1 unless SLACK_EVENTS_HOST names another address', () => {
    expect(loadConfig(escalationOwnEnv, {}).SLACK_EVENTS_HOST).toBe('127.0.0.1');
    expect(loadConfig(escalationOwnEnv, { SLACK_EVENTS_HOST: '0.0.0.0' }).SLACK_EVENTS_HOST).toBe(
      '0.0.0.0',
    );
    expect(() => loadConfig(escalationOwnEnv, { SLACK_EVENTS_HOST: 'everywhere' })).toThrow(
      /SLACK_EVENTS_HOST must be an IP address/,
    );
  });

  it('refuses to start Slack without an admin allow-list, and ids that are not Slack user ids', () => {
    expect(() => adminAllowListFromConfig(loadConfig(escalationOwnEnv, slack))).toThrow(
      /SLACK_ADMIN_USER_IDS is required when SLACK_BOT_TOKEN is set/,
    );
    expect(() =>
      loadConfig(escalationOwnEnv, { ...slack, SLACK_ADMIN_USER_IDS: 'UADMIN01, bob' }),
    ).toThrow(/SLACK_ADMIN_USER_IDS holds bob/);
    expect(() => loadConfig(escalationOwnEnv, { ...slack, SLACK_ADMIN_USER_IDS: ' , ' })).toThrow(
      /at least one/,
    );
  });

  it('relays only the listed admins with Slack; the console signs its admins in itself', () => {
    const admins = adminAllowListFromConfig(
      loadConfig(escalationOwnEnv, { ...slack, SLACK_ADMIN_USER_IDS: 'UADMIN01,WADMIN02' }),
    );
    expect(['UADMIN01', 'WADMIN02', 'UMEMBER9'].map((id) => admins.allows(id))).toEqual([
      true,
      true,
      false,
    ]);
    expect(adminAllowListFromConfig(loadConfig(escalationOwnEnv, {})).allows('admin-7')).toBe(true);
  });
});
