import { GatewayLimits1764710000000 } from '@support/persistence';
import { WhatsAppContacts1765400000000 } from './migrations/1765400000000-whatsapp-contacts.js';
import { WhatsAppMessageRefs1765900000000 } from './migrations/1765900000000-whatsapp-message-refs.js';

/**
 * The adapter's tables, and the per-customer rate buckets it shares with the gateway (the same
 * migration under the same name: whichever service starts first creates them).
 */
export const WHATSAPP_MIGRATIONS = [
  GatewayLimits1764710000000,
  WhatsAppContacts1765400000000,
  WhatsAppMessageRefs1765900000000,
];
