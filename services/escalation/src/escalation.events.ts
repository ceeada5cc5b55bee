import { Controller, Inject, Logger } from '@nestjs/common';
import { OnEvent } from '@support/bus';
import {
  CustomerForgotten,
  AdminReplied,
  EscalationClaimed,
  EscalationClaimReleased,
  EscalationRaised,
  EscalationWithdrawn,
  type EnvelopeOf,
  MessageReceived,
  ReplyDelivered,
  ReplyFailed,
} from '@support/contracts';
import { EraseCustomerThreads } from './use-cases/erase-customer-threads.js';
import { MarkEscalationResolved } from './use-cases/mark-escalation-resolved.js';
import { NoteChannelDelivery } from './use-cases/note-channel-delivery.js';
import { NoteWithdrawal } from './use-cases/note-withdrawal.js';
import { OpenHandoffThread } from './use-cases/open-thread.js';
import { PostClaimNotice } from './use-cases/post-claim-notice.js';
import { RelayCustomerMessage } from './use-cases/relay-customer-message.js';

const CONSUMER = { consumer: 'escalation' } as const;

/** Translates the bus events the escalation service follows into its use cases. */
@Controller()
export class EscalationEvents {
  private readonly logger = new Logger('escalation');

  constructor(
    @Inject(OpenHandoffThread) private readonly openThread: OpenHandoffThread,
    @Inject(RelayCustomerMessage) private readonly relayMessage: RelayCustomerMessage,
    @Inject(MarkEscalationResolved) private readonly markResolved: MarkEscalationResolved,
    @Inject(NoteWithdrawal) private readonly noteWithdrawal: NoteWithdrawal,
    @Inject(PostClaimNotice) private readonly claimNotice: PostClaimNotice,
    @Inject(NoteChannelDelivery) private readonly deliveryNotice: NoteChannelDelivery,
    @Inject(EraseCustomerThreads) private readonly eraseThreads: EraseCustomerThreads,
  ) {}

  @OnEvent(EscalationRaised, CONSUMER)
  async escalationRaised(event: EnvelopeOf<typeof EscalationRaised>): Promise<void> {
    if ((await this.openThread.execute(event)) === 'skipped_synthetic')
      this.logger.log(
        `escalation ${event.payload.escalationId} is evaluation traffic (synthetic): ` +
          'no handoff thread opened, no admin told',
      );
  }

  @OnEvent(MessageReceived, CONSUMER)
  async messageReceived(event: EnvelopeOf<typeof MessageReceived>): Promise<void> {
    await this.relayMessage.execute(event);
  }

  @OnEvent(CustomerForgotten, CONSUMER)
  async customerForgotten(event: EnvelopeOf<typeof CustomerForgotten>): Promise<void> {
    await this.eraseThreads.execute(event);
  }

  @OnEvent(AdminReplied, CONSUMER)
  async adminReplied(event: EnvelopeOf<typeof AdminReplied>): Promise<void> {
    await this.markResolved.execute(event);
  }

  @OnEvent(EscalationWithdrawn, CONSUMER)
  async escalationWithdrawn(event: EnvelopeOf<typeof EscalationWithdrawn>): Promise<void> {
    if ((await this.noteWithdrawal.execute(event)) === 'no_thread')
      this.logger.log(`withdrawn escalation ${event.payload.escalationId} has no thread`);
  }

  @OnEvent(ReplyDelivered, CONSUMER)
  async replyDelivered(event: EnvelopeOf<typeof ReplyDelivered>): Promise<void> {
    await this.deliveryNotice.execute(event);
  }

  @OnEvent(ReplyFailed, CONSUMER)
  async replyFailed(event: EnvelopeOf<typeof ReplyFailed>): Promise<void> {
    await this.deliveryNotice.execute(event);
  }

  @OnEvent(EscalationClaimed, CONSUMER)
  async escalationClaimed(event: EnvelopeOf<typeof EscalationClaimed>): Promise<void> {
    await this.claimNotice.execute(event);
  }

  @OnEvent(EscalationClaimReleased, CONSUMER)
  async claimReleased(event: EnvelopeOf<typeof EscalationClaimReleased>): Promise<void> {
    await this.claimNotice.execute(event);
  }
}
