import { type Language, readLegacyProviderMessageId, type ReplyKind } from '@support/contracts';
import { schemaOf } from '@support/persistence';
import type { DataSource } from 'typeorm';

/** How a message to a customer went out: a reply's part, a reply as the template, or a notice. */
export type OutboundVia = 'message' | 'template' | 'notice';

/** What finally became of a reply: its messages, the template instead, or a recorded failure. */
export type ReplyOutcome = 'message' | 'template' | 'failed';

/** A reply's outcome, and what a later template fallback needs of it. */
export interface RecordedReply {
  readonly outcome: ReplyOutcome;
  readonly waId: string;
  readonly conversationId: string | null;
  readonly kind: ReplyKind;
  readonly language: Language;
  /**
   * An admin's words, sealed as `agent.reply_sent` carried them (a forgotten customer's open as
   * "[erased]"), while a late 131047 may still send them as the template.
   */
  readonly text: string | null;
}

/** A message of the log, by both its names: WhatsApp's id (for Meta) and its reference (for events). */
export interface MessageIds {
  /** WhatsApp's `wamid.…`: it encodes the customer's number, so it never leaves these tables. */
  readonly providerMessageId: string;
  /** `wam1.…`, what events carry (`PersonalData.providerMessageRef`). */
  readonly ref: string;
}

/** A message this adapter sent, found by the id a status callback names. */
export interface SentMessage {
  /** What events name it by. */
  readonly ref: string;
  readonly replyId: string;
  readonly via: OutboundVia;
  readonly part: number;
  readonly waId: string;
  readonly customerId: string;
}

/**
 * What went in and out, so that every handler can be run again: an inbound message is read once
 * (Meta retries for days, long past the stream's duplicate window), a reply's parts already sent
 * are not sent again, and a reply's outcome is decided once. It is also the one place WhatsApp's
 * message ids are kept, beside the references events carry instead. Rows belong to a contact and
 * go with it (`ContactStore.forget`).
 */
export class DeliveryLog {
  constructor(
    private readonly dataSource: DataSource,
    /** The reference events carry for a WhatsApp id (`PersonalData.providerMessageRef`). */
    readonly refOf: (providerMessageId: string) => string,
  ) {}

  private get s(): string {
    return `"${schemaOf(this.dataSource)}"`;
  }

  /**
   * Records an inbound message as it is accepted (its contact exists by then), before its event
   * is published: the reader finds WhatsApp's id by the reference. A retry changes nothing.
   */
  async received(providerMessageId: string, waId: string): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO ${this.s}.whatsapp_inbound (provider_message_id, message_ref, wa_id)
       VALUES ($1, $2, $3) ON CONFLICT DO NOTHING`,
      [providerMessageId, this.refOf(providerMessageId), waId],
    );
  }

  /**
   * The inbound message an event names: by its reference, or by WhatsApp's id when an old event
   * carried it (upcast as `wam0`). Null when its row is gone: its customer was forgotten.
   */
  async inbound(carried: string): Promise<MessageIds | null> {
    const old = readLegacyProviderMessageId(carried);
    if (old !== null) return { providerMessageId: old, ref: this.refOf(old) };
    const [row]: { provider_message_id: string }[] = await this.dataSource.query(
      `SELECT provider_message_id FROM ${this.s}.whatsapp_inbound WHERE message_ref = $1`,
      [carried],
    );
    return row ? { providerMessageId: row.provider_message_id, ref: carried } : null;
  }

  async wasRead(providerMessageId: string): Promise<boolean> {
    const rows: unknown[] = await this.dataSource.query(
      `SELECT 1 FROM ${this.s}.whatsapp_inbound
        WHERE provider_message_id = $1 AND read_at IS NOT NULL`,
      [providerMessageId],
    );
    return rows.length > 0;
  }

  /** Records how an inbound message was read (published, refused with a notice…), once. */
  async markRead(ids: MessageIds, waId: string, outcome: string, at: Date): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO ${this.s}.whatsapp_inbound AS i
         (provider_message_id, message_ref, wa_id, read_at, outcome)
       VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (provider_message_id) DO UPDATE
         SET read_at = EXCLUDED.read_at, outcome = EXCLUDED.outcome,
             message_ref = EXCLUDED.message_ref
       WHERE i.read_at IS NULL`,
      [ids.providerMessageId, ids.ref, waId, at, outcome],
    );
  }

  /** The parts of a reply already sent this way: part number → the message's reference. */
  async sentParts(replyId: string, via: OutboundVia): Promise<Map<number, string>> {
    const rows: { part: number; provider_message_id: string }[] = await this.dataSource.query(
      `SELECT part, provider_message_id FROM ${this.s}.whatsapp_outbound
        WHERE reply_id = $1 AND via = $2`,
      [replyId, via],
    );
    return new Map(rows.map((r) => [r.part, this.refOf(r.provider_message_id)]));
  }

  /** Records a message sent; its reference is what events name it by. */
  async recordSent(
    providerMessageId: string,
    waId: string,
    replyId: string,
    via: OutboundVia,
    part: number,
    at: Date,
  ): Promise<string> {
    const ref = this.refOf(providerMessageId);
    await this.dataSource.query(
      `INSERT INTO ${this.s}.whatsapp_outbound
         (provider_message_id, message_ref, wa_id, reply_id, via, part, sent_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT DO NOTHING`,
      [providerMessageId, ref, waId, replyId, via, part, at],
    );
    return ref;
  }

  /**
   * The message a status callback names, by WhatsApp's id; a row sent before references were
   * kept gets its reference now, so the status's event finds it again.
   */
  async sentMessageOf(providerMessageId: string): Promise<SentMessage | null> {
    const ref = this.refOf(providerMessageId);
    await this.dataSource.query(
      `UPDATE ${this.s}.whatsapp_outbound SET message_ref = $2
        WHERE provider_message_id = $1 AND message_ref IS DISTINCT FROM $2`,
      [providerMessageId, ref],
    );
    return this.sentMessage(ref);
  }

  /** The message a `channel.delivery_updated` names (by its reference, or an old event's id). */
  async sentMessage(carried: string): Promise<SentMessage | null> {
    const old = readLegacyProviderMessageId(carried);
    const [row]: {
      provider_message_id: string;
      reply_id: string;
      via: OutboundVia;
      part: number;
      wa_id: string;
      customer_id: string;
    }[] = await this.dataSource.query(
      `SELECT o.provider_message_id, o.reply_id, o.via, o.part, o.wa_id, c.customer_id
         FROM ${this.s}.whatsapp_outbound o
         JOIN ${this.s}.whatsapp_contacts c ON c.wa_id = o.wa_id
        WHERE ${old === null ? 'o.message_ref' : 'o.provider_message_id'} = $1`,
      [old ?? carried],
    );
    return row
      ? {
          ref: this.refOf(row.provider_message_id),
          replyId: row.reply_id,
          via: row.via,
          part: row.part,
          waId: row.wa_id,
          customerId: row.customer_id,
        }
      : null;
  }

  async outcomeOf(replyId: string): Promise<RecordedReply | null> {
    const [row]: {
      outcome: ReplyOutcome;
      wa_id: string;
      conversation_id: string | null;
      kind: ReplyKind;
      language: Language;
      text: string | null;
    }[] = await this.dataSource.query(
      `SELECT outcome, wa_id, conversation_id, kind, language, text
         FROM ${this.s}.whatsapp_reply_outcomes
        WHERE reply_id = $1`,
      [replyId],
    );
    return row
      ? {
          outcome: row.outcome,
          waId: row.wa_id,
          conversationId: row.conversation_id,
          kind: row.kind,
          language: row.language,
          text: row.text,
        }
      : null;
  }

  /**
   * Records a reply's outcome the first time; an outcome already decided stays. An admin's
   * words are kept with it while the outcome may still turn into the template.
   */
  async recordOutcome(
    replyId: string,
    reply: Omit<RecordedReply, 'outcome'>,
    outcome: ReplyOutcome,
    at: Date,
  ): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO ${this.s}.whatsapp_reply_outcomes
         (reply_id, wa_id, outcome, at, conversation_id, kind, language, text)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT DO NOTHING`,
      [
        replyId,
        reply.waId,
        outcome,
        at,
        reply.conversationId,
        reply.kind,
        reply.language,
        outcome === 'message' && reply.kind === 'human' ? reply.text : null,
      ],
    );
  }

  /**
   * Moves a reply delivered as messages to `outcome` (the template after a late 131047, or a
   * failure): true for the one caller that moved it, so the follow-up happens once.
   */
  async changeOutcome(replyId: string, outcome: ReplyOutcome, at: Date): Promise<boolean> {
    const rows: unknown[] = await this.dataSource.query(
      `WITH changed AS (
         UPDATE ${this.s}.whatsapp_reply_outcomes SET outcome = $2, at = $3, text = NULL
          WHERE reply_id = $1 AND outcome = 'message' RETURNING 1)
       SELECT * FROM changed`,
      [replyId, outcome, at],
    );
    return rows.length > 0;
  }
}
