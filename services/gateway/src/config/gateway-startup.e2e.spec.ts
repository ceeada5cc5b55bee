import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  createTestDatabase,
  type ServiceProcess,
  startNatsServer,
  startServiceProcess,
  type TestDatabase,
  type TestNatsServer,
  uniqueName,
} from '@support/testing';

// Configuration that failed open (issue 18), against the gateway as deployed: its own process
// (`services/gateway/dist/main.js`, so the build must be current) with only the environment given.

const SECRET = 'startup-e2e-secret-startup-e2e-secret-startup';

describe('gateway start-up configuration', () => {
  let nats: TestNatsServer;
  let database: TestDatabase;
  let base: Record<string, string>;
  const started: ServiceProcess[] = [];

  beforeAll(async () => {
    nats = await startNatsServer();
    database = await createTestDatabase();
    base = {
      NATS_URL: nats.url,
      EVENT_STREAM: uniqueName('STARTUP'),
      DATABASE_URL: database.url,
      LOG_LEVELS: 'error,warn,log',
    };
  });

  afterAll(async () => {
    await Promise.all(started.map((gateway) => gateway.stop()));
    await database?.drop();
    await nats?.stop();
  });

  async function start(env: Record<string, string>): Promise<ServiceProcess> {
    const gateway = await startServiceProcess('gateway', { ...base, ...env });
    started.push(gateway);
    return gateway;
  }

  /** Why the gateway refused to start (the error names its output). */
  async function refusal(env: Record<string, string>): Promise<string> {
    const error = await start(env).then(
      () => null,
      (thrown: unknown) => thrown as Error,
    );
    expect(error).not.toBeNull();
    return error!.message;
  }

  const demoToken = (gateway: ServiceProcess, role: string) =>
    fetch(`${gateway.url}/auth/demo-token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ customerId: `someone-${role}`, role }),
    });

  it('refuses NODE_ENV=prod (anything but development, test or production), naming NODE_ENV', async () => {
    const output = await refusal({ NODE_ENV: 'prod', AUTH_TOKEN_SECRET: SECRET });
    expect(output).toContain(
      'Configuration variable NODE_ENV must be one of development, test, production, got "prod"',
    );
  });

  it('refuses the public development secret unless demo mode is asked for outside production', async () => {
    expect(await refusal({ NODE_ENV: 'production', DEMO_TOKENS: 'true' })).toContain(
      'Configuration variable AUTH_TOKEN_SECRET must be set in production',
    );
    expect(await refusal({})).toContain(
      'Configuration variable AUTH_TOKEN_SECRET must be set (the development default is public',
    );
  });

  it('refuses DEMO_TOKENS=true in production even with a real secret, naming DEMO_TOKENS', async () => {
    expect(
      await refusal({ NODE_ENV: 'production', DEMO_TOKENS: 'true', AUTH_TOKEN_SECRET: SECRET }),
    ).toContain('Configuration variable DEMO_TOKENS must be false in production');
  });

  it('in demo mode, warns at start that anyone can sign in as anyone', async () => {
    const gateway = await start({
      DEMO_TOKENS: 'true',
      AUTH_TOKEN_SECRET: SECRET,
      GATEWAY_INSTANCE: 'startup-demo',
    });
    // Not a terminal: one JSON object a line.
    expect(gateway.output()).toMatch(
      /"level":"warn".*"service":"gateway".*Demo mode \(DEMO_TOKENS=true\): POST \/auth\/demo-token signs customer, admin, analyst tokens for any name/,
    );
    expect((await demoToken(gateway, 'customer')).status).toBe(200);
  });

  it('without DEMO_TOKENS, issues no demo tokens at all and says nothing about demo mode', async () => {
    const gateway = await start({ AUTH_TOKEN_SECRET: SECRET, GATEWAY_INSTANCE: 'startup-plain' });
    expect((await demoToken(gateway, 'customer')).status).toBe(404);
    expect(gateway.output()).not.toContain('Demo mode');
  });
});
