export * from './pure.js';
export {
  type NatsServerOptions,
  startNatsServer,
  type TestNatsServer,
  uniqueName,
} from './nats-server.js';
export {
  assertTestDatabaseName,
  createTestDatabase,
  TEST_DATABASE_SERVER,
  type TestDatabase,
} from './test-database.js';
export { bearer, type Frame, TestSocket } from './ws-client.js';
export { launchChromium } from './chromium.js';
export {
  type ServiceProcess,
  startServiceProcess,
  startServiceProcesses,
} from './service-process.js';
export { startTcpProxy, type TcpProxy } from './tcp-proxy.js';
export { type ClusterNode, startNatsCluster, type TestNatsCluster } from './nats-cluster.js';
