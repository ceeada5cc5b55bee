import { type PersonalData, sealCustomerMessage } from '@support/privacy';
import { createHash } from 'node:crypto';
import { deterministicId } from '@support/bus/pure';
import {
  ATTACHMENT_MAX_BYTES,
  ATTACHMENT_MIME_TYPES,
  type AttachmentDto,
  type ChoiceDto,
  createEvent,
  type EnvelopeOf,
  type ImageMimeType,
  MESSAGE_MAX_CHARS,
  MessageReceived,
  type WhatsAppMessageAccepted,
} from '@support/contracts';
import { checkImage, ImageRefused } from '@support/media';
import type { RateLimits } from '@support/persistence/pure';
import { type ChannelNotice, channelNotice } from '@support/policy';
import { type Clock, codeOf } from '@support/platform/pure';
import { detectLanguage } from '@support/text';
import type { Contact, ContactStore } from '../contacts/contact-store.js';
import type { DeliveryLog, MessageIds } from '../contacts/delivery-log.js';
import { GraphApiError } from '../graph/graph-errors.js';
import { MediaTooLarge, type WhatsAppApi } from '../graph/whatsapp-api.js';
import type { WhatsAppMetrics } from '../whatsapp-metrics.js';
import type { EventSink } from './accept-webhook.js';
import { hasLetters, numberedChoice, readableText } from './customer-text.js';

/** At most one "slow down" notice a minute: a flood must not be answered by a flood. */
const LIMIT_NOTICE_GAP_MS = 60_000;

type Accepted = EnvelopeOf<typeof WhatsAppMessageAccepted>;

/** What the customer's message becomes: the turn's input, or a notice telling them why not. */
type Reading =
  | {
      readonly text: string;
      readonly attachments: AttachmentDto[];
      readonly choice?: ChoiceDto;
    }
  | { readonly notice: ChannelNotice };

/**
 * On `whatsapp.message_accepted`: reads the message as the web chat reads a socket frame — the
 * customer's rate limit (shared with the web chat), the text limit, the photo fetched from Meta
 * and checked like an uploaded one, a tapped button or a number as the choice it answers — then
 * marks it read with "typing…" and publishes `conversation.message_received`. What cannot be read
 * gets a short notice in the customer's language instead. Each message is read once, however
 * often Meta or the bus deliver it.
 */
export class ReadInboundMessage {
  constructor(
    private readonly contacts: ContactStore,
    private readonly log: DeliveryLog,
    private readonly api: WhatsAppApi,
    private readonly limits: RateLimits,
    private readonly events: EventSink,
    private readonly clock: Clock,
    private readonly metrics: WhatsAppMetrics,
    private readonly warn: (message: string) => void,
    /** Opens the accepted text and seals what the customer sent before it reaches the log. */
    private readonly personalData: PersonalData,
  ) {}

  async execute(event: Accepted): Promise<void> {
    const p = event.payload;
    // WhatsApp's id, for Meta's read receipt; its row (and so the id) is gone once forgotten.
    const ids = await this.log.inbound(p.providerMessageId);
    if (!ids || (await this.log.wasRead(ids.providerMessageId))) return;
    const contact = await this.contacts.ofCustomer(p.customerId);
    // Forgotten since it arrived: nothing is kept or answered.
    if (!contact) return;
    const sent = p.text === undefined ? null : await this.personalData.openText(p.text);
    if (sent?.kind === 'erased') return;
    if (!(await this.withinRate(contact, ids))) return;
    const text = readableText(sent?.value ?? '');
    // What they write now says their language, for this message's notice and the next ones.
    const language = hasLetters(text) ? detectLanguage(text) : contact.language;
    if (language !== contact.language) await this.contacts.setLanguage(contact.waId, language!);
    const reading = await this.read({ ...contact, language }, p, ids.ref, text);
    if ('notice' in reading) {
      await this.notify({ ...contact, language }, ids.ref, reading.notice);
      await this.finish(contact, ids, p.kind, reading.notice);
      return;
    }
    await this.showTyping(ids);
    await this.events.publish(
      createEvent(
        MessageReceived,
        {
          messageId: p.messageId,
          customerId: contact.customerId,
          ...(await sealCustomerMessage(this.personalData, contact.customerId, reading)),
          channel: 'whatsapp',
          ...(reading.choice ? { choice: reading.choice } : {}),
        },
        {
          id: deterministicId('message_received', 'whatsapp', ids.ref),
          occurredAt: this.clock.now().toISOString(),
          conversationId: event.conversationId,
          turnId: event.turnId,
          causationId: event.id,
          correlationId: event.correlationId,
        },
      ),
    );
    await this.finish(contact, ids, p.kind, 'published');
  }

  private async withinRate(contact: Contact, ids: MessageIds): Promise<boolean> {
    try {
      await this.limits.take(contact.customerId, 'message');
      return true;
    } catch (error) {
      if (codeOf(error) !== 'rate_limited') throw error;
    }
    const now = this.clock.now();
    if (await this.contacts.claimLimitNotice(contact.waId, now, LIMIT_NOTICE_GAP_MS))
      await this.notify(contact, ids.ref, 'rateLimited');
    await this.finish(contact, ids, 'any', 'rateLimited');
    return false;
  }

  private async read(
    contact: Contact,
    p: Accepted['payload'],
    ref: string,
    text: string,
  ): Promise<Reading> {
    const offered = await this.contacts.takeOfferedOptions(contact.waId);
    if (text.length > MESSAGE_MAX_CHARS) return { notice: 'tooLong' };
    switch (p.kind) {
      case 'unsupported':
        return { notice: 'unsupported' };
      case 'choice':
        return {
          text: readableText(p.choice!.title) || p.choice!.optionId,
          attachments: [],
          choice: { optionId: p.choice!.optionId },
        };
      case 'image': {
        const photo = await this.fetchPhoto(ref, p.media!.mediaId);
        return 'notice' in photo ? photo : { text, attachments: [photo] };
      }
      case 'text': {
        if (text === '') return { notice: 'unsupported' };
        const chosen = numberedChoice(text, offered);
        return chosen
          ? { text: chosen.title, attachments: [], choice: { optionId: chosen.id } }
          : { text, attachments: [] };
      }
    }
  }

  /** The photo through the media endpoint, checked as the gateway checks an upload. */
  private async fetchPhoto(
    ref: string,
    mediaId: string,
  ): Promise<AttachmentDto | { notice: ChannelNotice }> {
    let bytes: Buffer;
    let mimeType: string;
    try {
      const info = await this.api.mediaInfo(mediaId);
      mimeType = info.mimeType;
      if (!(ATTACHMENT_MIME_TYPES as readonly string[]).includes(mimeType))
        return { notice: 'photoUnreadable' };
      if (info.fileSize !== undefined && info.fileSize > ATTACHMENT_MAX_BYTES)
        return { notice: 'photoTooLarge' };
      bytes = await this.api.download(info.url, ATTACHMENT_MAX_BYTES);
      const sha256 = createHash('sha256').update(bytes).digest('hex');
      // A download that lost bytes on the way is fetched again, not shown to the model.
      if (
        info.sha256 &&
        /^[0-9a-f]{64}$/i.test(info.sha256) &&
        info.sha256.toLowerCase() !== sha256
      )
        throw new GraphApiError(
          null,
          'the downloaded photo does not match its sha256',
          undefined,
          200,
          true,
        );
    } catch (error) {
      if (error instanceof MediaTooLarge) return { notice: 'photoTooLarge' };
      // Expired (media ids in webhooks last 7 days) or refused: the customer can send it again.
      if (error instanceof GraphApiError && !error.transient) {
        this.warn(`photo ${mediaId} of ${ref} could not be fetched: ${error.message}`);
        return { notice: 'photoUnreadable' };
      }
      throw error;
    }
    // The model is shown the bytes as the declared type: the web chat's check, whole.
    try {
      await checkImage(bytes, mimeType as ImageMimeType);
    } catch (error) {
      if (!(error instanceof ImageRefused)) throw error;
      this.warn(`photo ${mediaId} of ${ref} refused: ${error.message}`);
      return { notice: 'photoUnreadable' };
    }
    return {
      attachmentId: deterministicId('attachment', 'whatsapp', ref),
      mimeType: mimeType as AttachmentDto['mimeType'],
      fileName: `whatsapp-photo.${mimeType.slice('image/'.length)}`,
      sizeBytes: bytes.length,
      sha256: createHash('sha256').update(bytes).digest('hex'),
      dataBase64: bytes.toString('base64'),
    };
  }

  /** Read receipt and "typing…" while the agent works: worth a try, never worth a retry. */
  private async showTyping(ids: MessageIds): Promise<void> {
    try {
      await this.api.markReadTyping(ids.providerMessageId);
    } catch (error) {
      this.warn(`typing indicator for ${ids.ref} failed: ${String(error)}`);
    }
  }

  /** Sends a notice once per message (a redelivery finds it sent). */
  private async notify(contact: Contact, ref: string, notice: ChannelNotice) {
    const noticeId = deterministicId('whatsapp-notice', ref);
    if ((await this.log.sentParts(noticeId, 'notice')).size > 0) return;
    try {
      const sent = await this.api.send(contact.waId, {
        type: 'text',
        text: { body: channelNotice(notice, contact.language), preview_url: false },
      });
      await this.log.recordSent(sent, contact.waId, noticeId, 'notice', 0, this.clock.now());
    } catch (error) {
      // A refused notice (the number blocked the shop…) is logged; the message is still read.
      if (!(error instanceof GraphApiError) || error.transient) throw error;
      this.warn(`notice ${notice} for ${ref} refused: ${error.message}`);
    }
  }

  private async finish(contact: Contact, ids: MessageIds, kind: string, outcome: string) {
    await this.log.markRead(ids, contact.waId, outcome, this.clock.now());
    this.metrics.messageRead(kind, outcome);
  }
}
