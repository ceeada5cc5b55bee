import { randomUUID } from 'node:crypto';
import { deterministicId } from '@support/bus/pure';
import type { Language, ReplyOptionDto } from '@support/contracts';
import { schemaOf } from '@support/persistence';
import type { DataSource, EntityManager } from 'typeorm';

/** The options a reply offered, kept until the customer's next message reads them back. */
export interface OfferedOptions {
  readonly conversationId: string;
  readonly options: readonly ReplyOptionDto[];
  /** Shown as a numbered list: a message "2" chooses the second. */
  readonly numbered: boolean;
}

/** One WhatsApp user as the adapter knows them. */
export interface Contact {
  readonly waId: string;
  readonly customerId: string;
  /** The customer id is the shop's record of this number (order tools see their orders). */
  readonly linked: boolean;
  readonly conversationId: string;
  /** When they last wrote: their 24-hour window runs from here. */
  readonly lastInboundAt: Date;
  readonly language: Language | null;
}

/** Where an accepted message goes: its customer and conversation. */
export interface MessageHome {
  readonly customerId: string;
  readonly conversationId: string;
}

interface ContactRow {
  wa_id: string;
  customer_id: string;
  linked: boolean;
  conversation_id: string;
  last_inbound_at: Date;
  language: Language | null;
}

const toContact = (row: ContactRow): Contact => ({
  waId: row.wa_id,
  customerId: row.customer_id,
  linked: row.linked,
  conversationId: row.conversation_id,
  lastInboundAt: new Date(row.last_inbound_at),
  language: row.language,
});

// UPDATE and DELETE … RETURNING run inside `WITH … SELECT`: TypeORM's `query` answers a bare
// UPDATE or DELETE with [rows, count] instead of the rows.

/** A conversation idle this long starts over with the next message, unless a colleague has it. */
export const CONVERSATION_IDLE_MS = 24 * 3600_000;

/**
 * The `wa_id` mapping and what hangs off it, in one place: the customer id a number writes as,
 * its conversations, its 24-hour window, the options last offered to it. `forget` deletes all of
 * it (and the number's link in the shop's phone book).
 */
export class ContactStore {
  constructor(private readonly dataSource: DataSource) {}

  private get s(): string {
    return `"${schemaOf(this.dataSource)}"`;
  }

  /**
   * The customer and conversation of a message from `waId` sent at `sentAt`, creating the contact
   * on its first message (linked to the shop's customer with that phone number, if any). A
   * conversation idle for a day starts over unless `waitsForColleague` says a colleague has it.
   * Idempotent: Meta's retry of the same message lands in the same conversation (the new
   * conversation's id derives from the reference of the message that opened it).
   */
  acceptMessage(
    waId: string,
    messageRef: string,
    sentAt: Date,
    now: Date,
    waitsForColleague: (conversationId: string) => Promise<boolean>,
  ): Promise<MessageHome> {
    return this.dataSource.transaction(async (tx) => {
      const opened = deterministicId('whatsapp-conversation', messageRef);
      await tx.query(
        `INSERT INTO ${this.s}.whatsapp_contacts
           (wa_id, customer_id, linked, conversation_id, last_inbound_at, created_at)
         SELECT $1, COALESCE(p.customer_id, $2), p.customer_id IS NOT NULL, $3, $4, $5
           FROM (SELECT 1) one LEFT JOIN ${this.s}.shop_customer_phones p ON p.phone = $1
         ON CONFLICT (wa_id) DO NOTHING`,
        [waId, `wa-${randomUUID()}`, opened, sentAt, now],
      );
      const [row]: ContactRow[] = await tx.query(
        `SELECT * FROM ${this.s}.whatsapp_contacts WHERE wa_id = $1 FOR UPDATE`,
        [waId],
      );
      let contact = toContact(row!);
      const idle = sentAt.getTime() - contact.lastInboundAt.getTime() >= CONVERSATION_IDLE_MS;
      if (
        idle &&
        contact.conversationId !== opened &&
        !(await waitsForColleague(contact.conversationId))
      )
        contact = await this.startConversation(tx, contact, opened);
      await tx.query(
        `UPDATE ${this.s}.whatsapp_contacts
            SET last_inbound_at = GREATEST(last_inbound_at, $2) WHERE wa_id = $1`,
        [waId, sentAt],
      );
      await tx.query(
        `INSERT INTO ${this.s}.whatsapp_conversations (conversation_id, wa_id, customer_id, started_at)
         VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING`,
        [contact.conversationId, waId, contact.customerId, sentAt],
      );
      return { customerId: contact.customerId, conversationId: contact.conversationId };
    });
  }

  /** A new conversation; an unlinked number is linked now if the shop has since recorded it. */
  private async startConversation(
    tx: EntityManager,
    contact: Contact,
    conversationId: string,
  ): Promise<Contact> {
    const [row]: ContactRow[] = await tx.query(
      `WITH changed AS (
         UPDATE ${this.s}.whatsapp_contacts c
            SET conversation_id = $2,
                customer_id = CASE WHEN c.linked THEN c.customer_id
                                   ELSE COALESCE(p.customer_id, c.customer_id) END,
                linked = c.linked OR p.customer_id IS NOT NULL,
                offered_options = NULL
           FROM (SELECT 1) one LEFT JOIN ${this.s}.shop_customer_phones p ON p.phone = $1
          WHERE c.wa_id = $1
          RETURNING c.*)
       SELECT * FROM changed`,
      [contact.waId, conversationId],
    );
    return toContact(row!);
  }

  async ofWaId(waId: string): Promise<Contact | null> {
    const [row]: ContactRow[] = await this.dataSource.query(
      `SELECT * FROM ${this.s}.whatsapp_contacts WHERE wa_id = $1`,
      [waId],
    );
    return row ? toContact(row) : null;
  }

  async ofCustomer(customerId: string): Promise<Contact | null> {
    const [row]: ContactRow[] = await this.dataSource.query(
      `SELECT * FROM ${this.s}.whatsapp_contacts WHERE customer_id = $1`,
      [customerId],
    );
    return row ? toContact(row) : null;
  }

  /**
   * The contact whose conversation this is (an earlier one too), and the customer it was held
   * as; null for the web chat's conversations.
   */
  async ofConversation(
    conversationId: string,
  ): Promise<{ contact: Contact; customerId: string } | null> {
    const [row]: (ContactRow & { conversation_customer_id: string })[] =
      await this.dataSource.query(
        `SELECT c.*, v.customer_id AS conversation_customer_id
           FROM ${this.s}.whatsapp_conversations v
           JOIN ${this.s}.whatsapp_contacts c ON c.wa_id = v.wa_id
          WHERE v.conversation_id = $1`,
        [conversationId],
      );
    return row ? { contact: toContact(row), customerId: row.conversation_customer_id } : null;
  }

  /** The language of what they last wrote: notices without text of their own are in it. */
  async setLanguage(waId: string, language: Language): Promise<void> {
    await this.dataSource.query(
      `UPDATE ${this.s}.whatsapp_contacts SET language = $2 WHERE wa_id = $1`,
      [waId, language],
    );
  }

  async offerOptions(waId: string, offered: OfferedOptions): Promise<void> {
    await this.dataSource.query(
      `UPDATE ${this.s}.whatsapp_contacts SET offered_options = $2 WHERE wa_id = $1`,
      [waId, JSON.stringify(offered)],
    );
  }

  /** The options last offered, cleared: a choice answers the latest question once. */
  async takeOfferedOptions(waId: string): Promise<OfferedOptions | null> {
    const [row]: { offered: OfferedOptions | null }[] = await this.dataSource.query(
      `WITH old AS (SELECT offered_options FROM ${this.s}.whatsapp_contacts
                     WHERE wa_id = $1 FOR UPDATE),
            cleared AS (UPDATE ${this.s}.whatsapp_contacts SET offered_options = NULL
                         WHERE wa_id = $1 RETURNING 1)
       SELECT old.offered_options AS offered FROM old, cleared`,
      [waId],
    );
    return row?.offered ?? null;
  }

  /** True (and noted) when no rate-limit notice went to them in the last `gapMs`. */
  async claimLimitNotice(waId: string, now: Date, gapMs: number): Promise<boolean> {
    const rows: unknown[] = await this.dataSource.query(
      `WITH claimed AS (
         UPDATE ${this.s}.whatsapp_contacts SET limit_notice_at = $2
          WHERE wa_id = $1
            AND (limit_notice_at IS NULL
                 OR limit_notice_at <= $2::timestamptz - $3 * interval '1 millisecond')
          RETURNING 1)
       SELECT * FROM claimed`,
      [waId, now, gapMs],
    );
    return rows.length > 0;
  }

  /**
   * Forgets a customer: their `wa_id` mapping, conversations, window, offered options, the
   * record of their messages in and out, and their number in the shop's phone book. What the
   * event log holds about them is the crypto-shredding's to erase.
   */
  async forget(customerId: string): Promise<boolean> {
    return this.dataSource.transaction(async (tx) => {
      const rows: { wa_id: string }[] = await tx.query(
        `WITH gone AS (DELETE FROM ${this.s}.whatsapp_contacts WHERE customer_id = $1 RETURNING wa_id)
         SELECT wa_id FROM gone`,
        [customerId],
      );
      await tx.query(
        `DELETE FROM ${this.s}.shop_customer_phones
          WHERE customer_id = $1 OR phone = ANY($2::text[])`,
        [customerId, rows.map((r) => r.wa_id)],
      );
      return rows.length > 0;
    });
  }
}
