import { ServiceMetrics } from '@support/platform';
import { Counter } from 'prom-client';

/** Why a webhook delivery was refused. */
export type WebhookRefusal = 'missing_signature' | 'bad_signature' | 'not_json';

/** The channel's own counters, registered in the service's registry (docs/observability.md). */
export class WhatsAppMetrics {
  private readonly refused: Counter<'reason'>;
  private readonly inbound: Counter<'kind' | 'outcome'>;
  private readonly replies: Counter<'via' | 'outcome' | 'code'>;
  private readonly statuses: Counter<'status'>;

  constructor(metrics: ServiceMetrics) {
    const registers = [metrics.registry];
    this.refused = new Counter({
      name: 'support_whatsapp_webhooks_refused_total',
      help: 'WhatsApp webhook POSTs refused, by reason (unsigned, wrongly signed, not JSON)',
      labelNames: ['reason'],
      registers,
    });
    this.inbound = new Counter({
      name: 'support_whatsapp_messages_total',
      help: 'Customer messages read from WhatsApp, by kind and outcome (published, or the notice sent)',
      labelNames: ['kind', 'outcome'],
      registers,
    });
    this.replies = new Counter({
      name: 'support_whatsapp_replies_total',
      help: 'Replies delivered to WhatsApp (as messages or the template) or failed, by provider code',
      labelNames: ['via', 'outcome', 'code'],
      registers,
    });
    this.statuses = new Counter({
      name: 'support_whatsapp_statuses_total',
      help: 'WhatsApp status callbacks recorded (sent, delivered, read, failed)',
      labelNames: ['status'],
      registers,
    });
  }

  webhookRefused(reason: WebhookRefusal): void {
    this.refused.inc({ reason });
  }

  messageRead(kind: string, outcome: string): void {
    this.inbound.inc({ kind, outcome });
  }

  replyDelivered(via: 'message' | 'template'): void {
    this.replies.inc({ via, outcome: 'delivered', code: 'none' });
  }

  replyFailed(code: string): void {
    this.replies.inc({ via: 'none', outcome: 'failed', code });
  }

  statusRecorded(status: string): void {
    this.statuses.inc({ status });
  }
}
