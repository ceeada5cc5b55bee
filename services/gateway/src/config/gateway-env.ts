import { bool, int, optional, str } from '@support/platform';

export const DEV_TOKEN_SECRET = 'dev-only-secret-change-me-dev-only-secret';

export const gatewayEnv = {
  AUTH_TOKEN_SECRET: str({
    default: DEV_TOKEN_SECRET,
    description: 'HS256 secret for customer/admin/analyst tokens (at least 32 characters)',
  }),
  DEMO_TOKENS: optional(
    bool({ description: 'serve POST /auth/demo-token (default: on unless NODE_ENV=production)' }),
  ),
  WS_MAX_FRAME_BYTES: int({
    default: 1024 * 1024,
    min: 1024,
    description: 'larger frames close the socket (1009)',
  }),
  WS_RATE_BURST: int({ default: 5, min: 1, description: 'messages a customer may send at once' }),
  WS_RATE_PER_MINUTE: int({
    default: 20,
    min: 1,
    description: 'sustained messages per minute per connection',
  }),
  GATEWAY_INSTANCE: str({
    default: 'gateway',
    description: 'unique per gateway pod: names its delivery consumers',
  }),
};
