import { int } from '@support/platform/pure';

/**
 * How many messages one customer may send, whatever the channel: the web chat's sockets and
 * WhatsApp draw on the same bucket per customer (one Postgres row shared by every replica).
 */
export const customerMessageRateEnv = {
  WS_RATE_BURST: int({
    default: 5,
    min: 1,
    description:
      'messages a customer may send at once (every channel: web sockets and WhatsApp, all replicas)',
  }),
  WS_RATE_PER_MINUTE: int({
    default: 20,
    min: 1,
    description:
      'sustained messages per minute per customer (every channel: web sockets and WhatsApp, all replicas)',
  }),
};
