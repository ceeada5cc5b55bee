import {
  Body,
  Controller,
  Get,
  Headers,
  HttpCode,
  Inject,
  Ip,
  NotFoundException,
  Post,
} from '@nestjs/common';
import { validatePlain, ContractViolation } from '@support/contracts';
import { AppError } from '@support/platform/pure';
import { IsIn, IsOptional, Matches } from 'class-validator';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config/gateway-config.js';
import { CustomerRateLimits, type RateLimits } from '@support/persistence/pure';
import { ROLES, type Role, SUBJECT_PATTERN, TokenService } from './token-service.js';

class DemoTokenRequest {
  @Matches(SUBJECT_PATTERN)
  customerId!: string;

  @IsOptional()
  @IsIn(ROLES)
  role?: Role;
}

/** The embedded default's token issuer; production issues tokens from its own identity provider. */
@Controller('auth')
export class AuthController {
  constructor(
    @Inject(TokenService) private readonly tokens: TokenService,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
    @Inject(CustomerRateLimits) private readonly limits: RateLimits,
  ) {}

  /** Tells a client whether its customer token is still accepted (the page asks after a refused upgrade). */
  @Get('session')
  async session(@Headers('authorization') authorization?: string) {
    const token = /^Bearer (.+)$/.exec(authorization ?? '')?.[1];
    const principal = await this.tokens.verify(token, 'customer');
    return { subject: principal.subject, role: principal.role };
  }

  /**
   * Which roles the demo issuer signs tokens for (404 outside demo mode), so a sign-in page offers
   * sign-in by name only where it works; otherwise staff paste a token from `cli token`.
   */
  @Get('demo-token')
  demoTokenRoles() {
    if (this.config.demoTokenRoles.length === 0) throw new NotFoundException();
    return { roles: this.config.demoTokenRoles };
  }

  @Post('demo-token')
  @HttpCode(200)
  async demoToken(@Body() body: unknown, @Ip() address: string) {
    if (this.config.demoTokenRoles.length === 0) throw new NotFoundException();
    // Per client address (the socket's, never a forwarded header a client can write).
    await this.limits.take(address, 'demo_token');
    let request: DemoTokenRequest;
    try {
      request = validatePlain(DemoTokenRequest, body ?? {}, { prefix: '', eventType: null });
    } catch (error) {
      throw new AppError(
        'validation_failed',
        (error as ContractViolation).message.replace(/^Invalid value: /, ''),
      );
    }
    const role = request.role ?? 'customer';
    if (!this.config.demoTokenRoles.includes(role))
      throw new AppError('forbidden', `Demo tokens are not issued for the ${role} role here`);
    const token = await this.tokens.issue({ subject: request.customerId, role });
    return { token, customerId: request.customerId, role };
  }
}
