import { Controller, Inject } from '@nestjs/common';
import { OnEvent } from '@support/bus';
import {
  AdminReplied,
  CustomerForgotten,
  type EnvelopeOf,
  MessageReceived,
  RetrievalCompleted,
  WithdrawalRequested,
} from '@support/contracts';
import { ServiceMetrics } from '@support/platform';
import { AgentConversations } from './runtime/agent-conversations.js';
import { BusAgentPorts } from './runtime/bus-agent-ports.js';

/** A conversation's turns, each on its configured number of conversations at once. */
const TURNS = { consumer: 'agent', concurrency: 'configured' } as const;

/** Translates the bus events the agent follows into its conversations and its waiting searches. */
@Controller()
export class AgentEvents {
  constructor(
    @Inject(AgentConversations) private readonly conversations: AgentConversations,
    @Inject(BusAgentPorts) private readonly ports: BusAgentPorts,
    @Inject(ServiceMetrics) private readonly metrics: ServiceMetrics,
  ) {}

  /** The answers to this instance's searches: live only, like the in-memory wait they end. */
  @OnEvent(RetrievalCompleted, { consumer: 'agent-{instance}', deliverPolicy: 'new' })
  retrievalCompleted(event: EnvelopeOf<typeof RetrievalCompleted>): void {
    this.ports.retrievals.resolve(event.payload.requestId, event.payload);
  }

  @OnEvent(MessageReceived, TURNS)
  messageReceived(event: EnvelopeOf<typeof MessageReceived>): Promise<void> {
    return this.metrics.timeStage('agent_turn', () => this.conversations.onCustomerMessage(event));
  }

  @OnEvent(AdminReplied, TURNS)
  adminReplied(event: EnvelopeOf<typeof AdminReplied>): Promise<void> {
    return this.conversations.onAdminReply(event);
  }

  @OnEvent(CustomerForgotten, TURNS)
  customerForgotten(event: EnvelopeOf<typeof CustomerForgotten>): Promise<void> {
    return this.conversations.onCustomerForgotten(event);
  }

  @OnEvent(WithdrawalRequested, TURNS)
  withdrawalRequested(event: EnvelopeOf<typeof WithdrawalRequested>): Promise<void> {
    return this.conversations.onWithdrawalRequest(event);
  }
}
