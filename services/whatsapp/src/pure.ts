// `@support/whatsapp/pure`: the service's parts that need no NestJS module, database nor bus
// (configuration, the Graph API client, signatures, reply planning), for the deploy checks and
// unit tests: loading the whole package costs a unit suite about a second. The index re-exports it.
export { whatsappEnv, whatsappOwnEnv } from './whatsapp-env.js';
export { WHATSAPP_CONFIG, type WhatsAppConfig, whatsappConfigFromEnv } from './whatsapp-config.js';
export { GraphWhatsAppApi, type GraphApiOptions } from './graph/graph-whatsapp-api.js';
export { type MediaInfo, type WhatsAppApi } from './graph/whatsapp-api.js';
export { signWebhookBody, verifyWebhookSignature } from './inbound/webhook-signature.js';
export { planReply, WHATSAPP_LIMITS } from './outbound/reply-messages.js';
export { WEBHOOK_PATH } from './inbound/webhook-path.js';
