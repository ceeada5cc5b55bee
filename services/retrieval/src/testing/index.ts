export {
  type DocumentOutcome,
  RetrievalProbe,
  type RetrievalProbeOptions,
} from './retrieval-probe.js';
