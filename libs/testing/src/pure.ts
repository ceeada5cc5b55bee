// `@support/testing/pure`: the helpers that start nothing (no nats-server, database, browser or
// socket), for unit tests: loading the whole package costs a unit suite its drivers. The index
// re-exports them.
export { freePort } from './free-port.js';
export { eventually } from './eventually.js';
export { seededShuffles } from './shuffles.js';
export {
  parsePrometheusText,
  type PrometheusSample,
  type PrometheusScrape,
  sampleValue,
  scrapeMetrics,
} from './prometheus-text.js';
export { seededRandom } from './seeded-random.js';
export { ONE_PIXEL_PNG } from './images.js';
export { type Needle, needlesIn, needlesOf } from './needles.js';
