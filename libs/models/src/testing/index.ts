// Local stand-ins for the model servers, for any package's integration tests and the load bench
// (no jest inside): `@support/models/testing`.
export {
  type FakeOpenAiBehaviour,
  FakeOpenAiServer,
  type FakeOpenAiServerOptions,
  type RecordedEmbeddingsRequest,
} from './fake-openai-server.js';
export { type FakeTeiBehaviour, FakeTeiServer } from './fake-tei-server.js';
export {
  type FakeChatReply,
  FakeOpenAiChatServer,
  type FakeOpenAiChatServerOptions,
  type FakeToolCall,
  type FakeVllmServing,
  type RecordedChatRequest,
} from './fake-openai-chat-server.js';
export { type FakeTeiServerOptions } from './fake-tei-server.js';
export { messageText, questionOf, searchThenQuote } from './search-then-quote.js';
export { chatRequestOf, recordedRequestTokens } from './recorded-chat-request.js';
