export {
  FakeGraphApi,
  type FakeGraphError,
  type HeldSend,
  type SentMessage,
} from './fake-graph-api.js';
export {
  audioMessage,
  buttonReply,
  EXAMPLE_BUSINESS,
  imageMessage,
  type InboundOptions,
  messagesChange,
  metaJson,
  metaMessageId,
  reactionMessage,
  RE_ENGAGEMENT_ERROR,
  status,
  statusesChange,
  textMessage,
  webhookDelivery,
} from './webhook-fixtures.js';
export { MovableClock, startWhatsAppHarness, type WhatsAppHarness } from './whatsapp-harness.js';
