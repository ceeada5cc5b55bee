import { Controller, Inject, UseInterceptors } from '@nestjs/common';
import { type EventConsumerExtras, OnEvent } from '@support/bus';
import {
  AdminReplied,
  EscalationClaimed,
  EscalationClaimReleased,
  EscalationClassified,
  EscalationRaised,
  EscalationWithdrawn,
  type EnvelopeOf,
  MessageReceived,
  ReplySent,
} from '@support/contracts';
import { openCustomerMessage, openEscalation, PersonalData, textOrErased } from '@support/privacy';
import { adminFrames } from '../admin/admin-feed.js';
import { AdminSocketServer } from '../admin/admin-socket.server.js';
import { ReplyDelivery } from '../chat/reply-delivery.js';
import { LiveTrafficOnly } from './live-traffic-only.interceptor.js';

/**
 * Delivery consumers are per gateway instance and start at the live end of the stream: a
 * reconnecting customer or admin gets what came before from the projections.
 */
const LIVE: EventConsumerExtras = { consumer: 'gateway-{instance}', deliverPolicy: 'new' };
/** Replies and handoffs reach sockets and admins once their causation checks out (a few reads
 * each, so several conversations are checked at once). */
const CHECKED: EventConsumerExtras = { ...LIVE, concurrency: 8 };

/** Hands the live events to the customers' sockets and the admins' consoles. */
@Controller()
@UseInterceptors(LiveTrafficOnly)
export class GatewayEvents {
  constructor(
    @Inject(ReplyDelivery) private readonly delivery: ReplyDelivery,
    @Inject(AdminSocketServer) private readonly admins: AdminSocketServer,
    @Inject(PersonalData) private readonly personalData: PersonalData,
  ) {}

  @OnEvent(ReplySent, CHECKED)
  async replySent(event: EnvelopeOf<typeof ReplySent>): Promise<void> {
    // The reply is sealed under the customer's key: opened once, for their socket and the console.
    const text = textOrErased(await this.personalData.openText(event.payload.text));
    await this.delivery.replySent(event, text);
    this.admins.broadcast(adminFrames.reply(event, text));
  }

  @OnEvent(EscalationRaised, CHECKED)
  async escalationRaised(event: EnvelopeOf<typeof EscalationRaised>): Promise<void> {
    await this.delivery.escalationRaised(event);
    // Admins read the question and transcript: opened here, for the console only.
    const opened = await openEscalation(this.personalData, event.payload);
    this.admins.broadcast(adminFrames.raised({ ...event, payload: opened }));
  }

  @OnEvent(MessageReceived, LIVE)
  async messageReceived(event: EnvelopeOf<typeof MessageReceived>): Promise<void> {
    // Admins read what the customer wrote: opened here, for the console only.
    const { text } = await openCustomerMessage(this.personalData, event.payload);
    this.admins.broadcast(adminFrames.customerMessage(event, text));
  }

  @OnEvent(AdminReplied, LIVE)
  adminReplied(event: EnvelopeOf<typeof AdminReplied>): void {
    this.admins.broadcast(adminFrames.adminReplied(event));
  }

  @OnEvent(EscalationClassified, LIVE)
  escalationClassified(event: EnvelopeOf<typeof EscalationClassified>): void {
    this.admins.broadcast(adminFrames.classified(event));
  }

  /** Every console shows who holds an escalation as soon as the claim is in the log. */
  @OnEvent(EscalationClaimed, LIVE)
  escalationClaimed(event: EnvelopeOf<typeof EscalationClaimed>): void {
    this.admins.broadcast(adminFrames.claimed(event));
  }

  @OnEvent(EscalationClaimReleased, LIVE)
  claimReleased(event: EnvelopeOf<typeof EscalationClaimReleased>): void {
    this.admins.broadcast(adminFrames.claimReleased(event));
  }

  @OnEvent(EscalationWithdrawn, LIVE)
  async escalationWithdrawn(event: EnvelopeOf<typeof EscalationWithdrawn>): Promise<void> {
    await this.delivery.escalationWithdrawn(event);
    this.admins.broadcast(adminFrames.withdrawn(event));
  }
}
