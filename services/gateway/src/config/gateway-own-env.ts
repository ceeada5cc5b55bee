import { bool, int, optional, runtimeEnv, str } from '@support/platform/pure';
import { customerMessageRateEnv } from '@support/persistence/pure';

/** Public (it is in this repository): accepted only in demo mode outside production. */
export const DEV_TOKEN_SECRET = 'dev-only-secret-change-me-dev-only-secret';

export const gatewayOwnEnv = {
  ...runtimeEnv,
  AUTH_TOKEN_SECRET: str({
    default: DEV_TOKEN_SECRET,
    description:
      'HS256 secret for customer/admin/analyst tokens (at least 32 characters); the public ' +
      'development default is accepted only with DEMO_TOKENS=true outside production',
  }),
  DEMO_TOKENS: bool({
    default: false,
    description:
      'demo mode: POST /auth/demo-token signs in anyone by name; refused when NODE_ENV=production',
  }),
  DEMO_TOKEN_BURST: int({
    default: 10,
    min: 1,
    description: 'demo tokens one client address may ask for at once (all gateway replicas)',
  }),
  DEMO_TOKEN_PER_MINUTE: int({
    default: 10,
    min: 1,
    description: 'sustained demo tokens per minute per client address (all gateway replicas)',
  }),
  WS_MAX_FRAME_BYTES: int({
    default: 1024 * 1024,
    min: 1024,
    description: 'larger frames close the socket (1009)',
  }),
  ...customerMessageRateEnv,
  WS_HELLO_BURST: int({
    default: 10,
    min: 1,
    description: 'hello frames (tabs, reconnects) a customer may send at once',
  }),
  WS_HELLO_PER_MINUTE: int({
    default: 30,
    min: 1,
    description: 'sustained hello frames per minute per customer',
  }),
  WS_MAX_CONNECTIONS_PER_CUSTOMER: int({
    default: 10,
    min: 1,
    description: 'open customer sockets per customer across all gateway replicas; more get 429',
  }),
  RETENTION_DAYS: optional(
    int({
      min: 1,
      description:
        'forget customers whose conversations have all been quiet this many days (hourly); unset = never',
    }),
  ),
  WS_CONNECTION_LEASE_MS: int({
    default: 30_000,
    min: 1_000,
    description: "how long a crashed gateway's sockets keep counting against the cap",
  }),
  KB_NAMESPACE: optional(
    str({
      description:
        'namespace the articles published from knowledge gaps go to (and whose glossary links ' +
        'English and Arabic questions); unset = retrieval default',
    }),
  ),
  GATEWAY_INSTANCE: str({
    default: 'gateway',
    description: 'unique per gateway pod: names its delivery consumers',
  }),
};
