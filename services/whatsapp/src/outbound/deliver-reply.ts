import { deterministicId } from '@support/bus/pure';
import {
  ChannelErrorDto,
  createEvent,
  type EnvelopeOf,
  isSynthetic,
  ReplyDelivered,
  ReplyFailed,
  type ReplySent,
} from '@support/contracts';
import { AppError, type Clock } from '@support/platform/pure';
import { type PersonalData, textOrErased } from '@support/privacy';
import type { Contact, ContactStore } from '../contacts/contact-store.js';
import type { DeliveryLog, OutboundVia } from '../contacts/delivery-log.js';
import { GraphApiError } from '../graph/graph-errors.js';
import type { WireOutgoingMessage } from '../graph/graph-wire.js';
import type { WhatsAppApi } from '../graph/whatsapp-api.js';
import { cutError, type EventSink } from '../inbound/accept-webhook.js';
import type { WhatsAppMetrics } from '../whatsapp-metrics.js';
import { planReply } from './reply-messages.js';
import { type ReplyTemplate, templateMessage, windowOpen } from './service-window.js';

type Reply = EnvelopeOf<typeof ReplySent>;

/** A reply to deliver, and the event its follow-ups are caused by. */
export interface ReplyRef {
  readonly payload: Pick<
    Reply['payload'],
    'replyId' | 'customerId' | 'kind' | 'text' | 'language' | 'citations' | 'options'
  >;
  readonly conversationId: string | null;
  readonly turnId: string | null;
  readonly causationId: string;
  readonly correlationId: string;
  /** A follow-up of a status callback: its events get ids of their own. */
  readonly late?: boolean;
}

const refOf = (reply: Reply): ReplyRef => ({
  payload: reply.payload,
  conversationId: reply.conversationId,
  turnId: reply.turnId,
  causationId: reply.id,
  correlationId: reply.correlationId,
});

/** Why a reply did not go out, in the provider's terms when it gave them. */
type Failure = Pick<ChannelErrorDto, 'code' | 'title' | 'details'>;

/** The customer last wrote more than 24 hours ago: only a template may reach them. */
const WINDOW_CLOSED: Failure = {
  code: 'window_closed',
  title: "The customer's 24-hour WhatsApp window had closed",
};
const NO_TEMPLATE = 'no template is configured (WHATSAPP_TEMPLATE_NAME)';

/**
 * On `agent.reply_sent` for a WhatsApp conversation: the reply goes to the customer's number
 * within WhatsApp's rules. Inside the 24-hour window it is sent as messages (split to the text
 * limit, sources numbered, options as buttons); an admin's reply after the window closed goes as
 * the approved template, and a refusal (131047 included) falls back to it the same way. What
 * cannot be delivered is recorded as `channel.reply_failed` — the handoff thread is told — never
 * dropped. Parts already sent are not sent again on a redelivery; the outcome is decided once.
 */
export class DeliverReply {
  constructor(
    private readonly contacts: ContactStore,
    private readonly log: DeliveryLog,
    private readonly api: WhatsAppApi,
    private readonly events: EventSink,
    private readonly clock: Clock,
    private readonly template: ReplyTemplate | null,
    private readonly metrics: WhatsAppMetrics,
    /** Opens the reply's text where it is sent; the delivery log keeps it sealed. */
    private readonly personalData: PersonalData,
  ) {}

  async execute(reply: Reply): Promise<void> {
    if (!reply.conversationId || isSynthetic(reply)) return;
    const found = await this.contacts.ofConversation(reply.conversationId);
    if (!found) return; // the web chat's conversation
    const { contact } = found;
    // Words for another customer never go to this number.
    if (found.customerId !== reply.payload.customerId)
      throw new AppError(
        'forbidden',
        `reply ${reply.payload.replyId} is for ${reply.payload.customerId}, not this conversation's customer`,
      );
    if (await this.log.outcomeOf(reply.payload.replyId)) return;
    const ref = refOf(reply);
    const open = windowOpen(contact.lastInboundAt, this.clock.now());
    if (!open) return this.outsideWindow(ref, contact, WINDOW_CLOSED);
    try {
      await this.sendAsMessages(ref, contact);
    } catch (error) {
      if (!(error instanceof GraphApiError) || error.transient) throw error;
      const failure = { code: error.codeText, title: error.title, details: error.details };
      if (error.windowClosed) return this.outsideWindow(ref, contact, failure);
      return this.fail(ref, contact, failure);
    }
  }

  private async sendAsMessages(reply: ReplyRef, contact: Contact): Promise<void> {
    const p = reply.payload;
    const plan = planReply({ ...p, text: await this.opened(p.text) });
    const ids = await this.sendParts(p.replyId, contact, 'message', plan.messages);
    if (p.options?.length)
      await this.contacts.offerOptions(contact.waId, {
        conversationId: reply.conversationId!,
        options: p.options,
        numbered: plan.numberedOptions,
      });
    await this.delivered(reply, { via: 'message', providerMessageIds: ids });
    await this.log.recordOutcome(
      p.replyId,
      this.recorded(reply, contact),
      'message',
      this.clock.now(),
    );
  }

  /**
   * Outside the window only the approved template goes out, and only for an admin's reply: the
   * assistant's answers and notes answer a message just received, and a template saying "our
   * team replied" would be untrue of them.
   */
  async outsideWindow(reply: ReplyRef, contact: Contact, cause: Failure): Promise<void> {
    const p = reply.payload;
    if (p.kind !== 'human' || !this.template)
      return this.fail(reply, contact, {
        ...cause,
        details:
          [cause.details, p.kind === 'human' ? NO_TEMPLATE : undefined]
            .filter(Boolean)
            .join('; ') || undefined,
      });
    const { message, language, cut } = templateMessage(
      this.template,
      await this.opened(p.text),
      p.language,
    );
    let ids: string[];
    try {
      ids = await this.sendParts(p.replyId, contact, 'template', [message]);
    } catch (error) {
      if (!(error instanceof GraphApiError) || error.transient) throw error;
      return this.fail(reply, contact, {
        code: error.codeText,
        title: `the template was refused too: ${error.title}`,
        details: error.details,
      });
    }
    await this.delivered(reply, {
      via: 'template',
      providerMessageIds: ids,
      template: { name: this.template.name, language },
      ...(cut ? { cut: true } : {}),
    });
    await this.settle(reply, contact, 'template');
  }

  async fail(
    reply: ReplyRef,
    contact: Contact,
    failure: Failure,
    /** The failed message's reference, when a status callback named it. */
    providerMessageRef?: string,
  ): Promise<void> {
    const p = reply.payload;
    const error = cutError({
      code: failure.code,
      title: failure.title,
      ...(failure.details ? { details: failure.details } : {}),
    });
    await this.events.publish(
      createEvent(
        ReplyFailed,
        {
          replyId: p.replyId,
          customerId: p.customerId,
          channel: 'whatsapp',
          kind: p.kind,
          error,
          ...(providerMessageRef ? { providerMessageId: providerMessageRef } : {}),
        },
        this.followUp(reply, 'reply_failed'),
      ),
    );
    await this.settle(reply, contact, 'failed');
    this.metrics.replyFailed(error.code);
  }

  /** Records the outcome (published first, so a crash in between publishes the same event again). */
  private async settle(reply: ReplyRef, contact: Contact, outcome: 'template' | 'failed') {
    const now = this.clock.now();
    if (reply.late) await this.log.changeOutcome(reply.payload.replyId, outcome, now);
    else
      await this.log.recordOutcome(
        reply.payload.replyId,
        this.recorded(reply, contact),
        outcome,
        now,
      );
  }

  private async delivered(
    reply: ReplyRef,
    how: Pick<
      EnvelopeOf<typeof ReplyDelivered>['payload'],
      'via' | 'providerMessageIds' | 'template' | 'cut'
    >,
  ): Promise<void> {
    const p = reply.payload;
    await this.events.publish(
      createEvent(
        ReplyDelivered,
        { replyId: p.replyId, customerId: p.customerId, channel: 'whatsapp', kind: p.kind, ...how },
        this.followUp(reply, 'reply_delivered'),
      ),
    );
    this.metrics.replyDelivered(how.via);
  }

  /**
   * Sends each message not sent before (a redelivery resumes after the last one sent); the
   * messages' references, in order.
   */
  private async sendParts(
    replyId: string,
    contact: Contact,
    via: OutboundVia,
    messages: readonly WireOutgoingMessage[],
  ): Promise<string[]> {
    const sent = await this.log.sentParts(replyId, via);
    const ids: string[] = [];
    for (const [part, message] of messages.entries()) {
      let ref = sent.get(part);
      if (!ref) {
        const id = await this.api.send(contact.waId, message);
        ref = await this.log.recordSent(id, contact.waId, replyId, via, part, this.clock.now());
      }
      ids.push(ref);
    }
    return ids;
  }

  private async opened(text: string): Promise<string> {
    return textOrErased(await this.personalData.openText(text));
  }

  private recorded(reply: ReplyRef, contact: Contact) {
    const p = reply.payload;
    return {
      waId: contact.waId,
      conversationId: reply.conversationId,
      kind: p.kind,
      language: p.language,
      text: p.text,
    };
  }

  /** The id derives from the reply and what happened to it: a re-run publishes the same event. */
  private followUp(reply: ReplyRef, what: string) {
    return {
      id: deterministicId(what, reply.late ? 'late' : 'first', reply.payload.replyId),
      occurredAt: this.clock.now().toISOString(),
      conversationId: reply.conversationId,
      turnId: reply.turnId,
      causationId: reply.causationId,
      correlationId: reply.correlationId,
    };
  }
}
