export { freePort } from './free-port.js';
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
export { eventually } from './eventually.js';
export { bearer, type Frame, TestSocket } from './ws-client.js';
export { seededShuffles } from './shuffles.js';
export { launchChromium } from './chromium.js';
export {
  type ServiceProcess,
  startServiceProcess,
  startServiceProcesses,
} from './service-process.js';
export { startTcpProxy, type TcpProxy } from './tcp-proxy.js';
export {
  parsePrometheusText,
  type PrometheusSample,
  type PrometheusScrape,
  sampleValue,
  scrapeMetrics,
} from './prometheus-text.js';
export { seededRandom } from './seeded-random.js';
export { ONE_PIXEL_PNG } from './images.js';
export { type ClusterNode, startNatsCluster, type TestNatsCluster } from './nats-cluster.js';
