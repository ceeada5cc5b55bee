import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** Issues conversation ids and tells whether an id was issued to a customer. */
export interface ConversationIdIssuer {
  issue(customerId: string): string;
  issuedTo(conversationId: string, customerId: string): boolean;
}

/**
 * The one spelling of a conversation id: lowercase, as issued. Ids are compared byte for byte
 * everywhere (the log, the projections, the agent's threads), so `ABC…` would be another
 * conversation, outside the handoff that pauses this one.
 */
export const CONVERSATION_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * Conversation ids bound to the customer they were issued to. A new conversation is stored only
 * when its first message is projected; until then the id in the customer's `ready` frame is all
 * there is, and the only proof that a later `hello` naming it comes from the same customer. So an
 * id is a UUID (version 4 layout) made of random bits and a keyed MAC of them with the customer
 * id: any gateway instance that shares the secret can check it without storing anything.
 */
export class SignedConversationIds implements ConversationIdIssuer {
  private readonly key: Buffer;

  constructor(secret: string) {
    this.key = createHmac('sha256', secret).update('conversation-ids').digest();
  }

  issue(customerId: string): string {
    const nonce = randomBytes(8).toString('hex');
    // Version nibble: the random half carries it (and the MAC covers it).
    const random = `${nonce.slice(0, 12)}4${nonce.slice(13)}`;
    return this.format(random, this.mac(random, customerId));
  }

  issuedTo(conversationId: string, customerId: string): boolean {
    if (!CONVERSATION_ID.test(conversationId)) return false;
    const hex = conversationId.replaceAll('-', '');
    const expected = this.format(hex.slice(0, 16), this.mac(hex.slice(0, 16), customerId));
    return timingSafeEqual(Buffer.from(expected.replaceAll('-', '')), Buffer.from(hex));
  }

  private mac(random: string, customerId: string): string {
    return createHmac('sha256', this.key)
      .update(`${customerId}\u0000${random}`)
      .digest('hex')
      .slice(0, 16);
  }

  /** 16 hex digits of randomness, then the MAC with the RFC 4122 variant bits set. */
  private format(random: string, mac: string): string {
    const variant = ((parseInt(mac[0]!, 16) & 0x3) | 0x8).toString(16);
    const hex = `${random}${variant}${mac.slice(1)}`;
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  }
}
