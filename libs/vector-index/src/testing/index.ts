export {
  FAKE_QDRANT_VERSION,
  type FakeQdrantServer,
  type FakeQdrantServerOptions,
  type RecordedRequest,
  startFakeQdrantServer,
} from './fake-qdrant-server.js';
