import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { bearer, TestSocket } from '@support/testing';
import { TokenService } from './auth/token-service.js';
import { type GatewayHarness, startGatewayHarness } from './testing/gateway-harness.js';

const SECRET = 'shutdown-test-secret-shutdown-test-secret';
const tokens = new TokenService(SECRET, { now: () => new Date() });

// Nest closes the HTTP server before its shutdown hooks run; a socket still open then held the
// close (and a pod's termination) forever.
let harness: GatewayHarness;
beforeAll(async () => {
  harness = await startGatewayHarness({ AUTH_TOKEN_SECRET: SECRET });
});
afterAll(async () => {
  await harness.bus.close();
  await harness.database.drop();
  await harness.nats.stop();
});

it('shuts down with customer and admin sockets open, telling them it is going away', async () => {
  const customerToken = await tokens.issue({ subject: 'cust-1', role: 'customer' });
  const customer = await TestSocket.open(harness.wsUrl, bearer(customerToken));
  customer.send({ type: 'hello' });
  await customer.nextOfType('ready');
  const adminToken = await tokens.issue({ subject: 'admin-1', role: 'admin' });
  const admin = await TestSocket.open(
    `${harness.gateway.url.replace('http', 'ws')}/admin/ws`,
    bearer(adminToken),
  );

  await harness.gateway.app.close();
  expect((await customer.closed).code).toBe(1001);
  expect((await admin.closed).code).toBe(1001);
}, 20_000);
