import { Controller, Get, Headers, HttpCode, Inject, Param, Post } from '@nestjs/common';
import { renderTrace, TurnTraceReader } from '@support/persistence';
import { AppError } from '@support/platform/pure';
import { TokenService } from '../auth/token-service.js';
import { CustomerErasure } from './customer-erasure.js';

const bearerOf = (authorization?: string) => /^Bearer (.+)$/.exec(authorization ?? '')?.[1];

/**
 * The admin console's HTTP side (admin tokens only): who is signed in, a conversation's traces,
 * forgetting a customer.
 */
@Controller('admin')
export class AdminApiController {
  constructor(
    @Inject(TokenService) private readonly tokens: TokenService,
    @Inject(TurnTraceReader) private readonly traces: TurnTraceReader,
    @Inject(CustomerErasure) private readonly erasure: CustomerErasure,
  ) {}

  /**
   * Forgets a customer (right to erasure): their keys destroyed, `customer.forgotten` published
   * with this admin as who asked. Answers what was destroyed.
   */
  @Post('customers/:customerId/forget')
  @HttpCode(200)
  async forgetCustomer(
    @Param('customerId') customerId: string,
    @Headers('authorization') authorization?: string,
  ) {
    const admin = await this.tokens.verify(bearerOf(authorization), 'admin');
    return this.erasure.forget(customerId, admin.subject);
  }

  /** Checks a pasted token before the console opens its socket (which cannot say why it failed). */
  @Get('session')
  async session(@Headers('authorization') authorization?: string) {
    const principal = await this.tokens.verify(bearerOf(authorization), 'admin');
    return {
      subject: principal.subject,
      role: principal.role,
      expiresAt: principal.expiresAt.toISOString(),
    };
  }

  /** Every turn's trace of one conversation, oldest first: what the console's cards link to. */
  @Get('conversations/:conversationId/traces')
  async conversationTraces(
    @Param('conversationId') conversationId: string,
    @Headers('authorization') authorization?: string,
  ) {
    await this.tokens.verify(bearerOf(authorization), 'admin');
    const traces = await this.traces.ofConversation(conversationId);
    if (traces.length === 0)
      throw new AppError('not_found', `No traces for conversation ${conversationId}`);
    return { traces: traces.map((trace) => ({ trace, text: renderTrace(trace) })) };
  }
}
