import {
  Controller,
  Get,
  Headers,
  Inject,
  NotFoundException,
  Post,
  Query,
  type RawBodyRequest,
  Req,
  Res,
} from '@nestjs/common';
import type { Request, Response } from 'express';
import { WHATSAPP_CHANNEL, type WhatsAppChannel } from '../whatsapp-channel.js';
import type { EndpointAnswer, WebhookEndpoint } from './webhook-endpoint.js';
import { WEBHOOK_PATH } from './webhook-path.js';

/** Translates HTTP to the endpoint and back; 404 while the channel is off (no endpoint). */
@Controller(WEBHOOK_PATH.slice(1))
export class WebhookController {
  constructor(@Inject(WHATSAPP_CHANNEL) private readonly channel: WhatsAppChannel | null) {}

  @Get()
  verify(@Query() query: Record<string, unknown>, @Res() response: Response): void {
    send(response, this.open().handshake(query));
  }

  @Post()
  async receive(
    @Req() request: RawBodyRequest<Request>,
    @Headers('x-hub-signature-256') signature: string | undefined,
    @Res() response: Response,
  ): Promise<void> {
    send(response, await this.open().receive(request.rawBody, signature));
  }

  private open(): WebhookEndpoint {
    if (!this.channel)
      throw new NotFoundException(
        'WhatsApp is not configured (WHATSAPP_ACCESS_TOKEN and the rest)',
      );
    return this.channel.endpoint;
  }
}

function send(response: Response, answer: EndpointAnswer): void {
  response.status(answer.status).type('text/plain').send(answer.body);
}
