import { timingSafeEqual } from 'node:crypto';
import type { WhatsAppMetrics } from '../whatsapp-metrics.js';
import type { AcceptWebhook } from './accept-webhook.js';
import { readWebhookBatch } from './webhook-payload.js';
import { verifyWebhookSignature } from './webhook-signature.js';

/** What the endpoint answers Meta: a status and a plain-text body. */
export interface EndpointAnswer {
  readonly status: number;
  readonly body: string;
}

export interface WebhookSecrets {
  readonly appSecret: string;
  readonly verifyToken: string;
}

/**
 * The webhook's two requests, transport-free: Meta's verification handshake (answer the challenge
 * when the verify token matches) and a signed delivery (refused and counted unless its
 * `X-Hub-Signature-256` is right; accepted in full before the 200, so a failure answers 500 and
 * Meta retries the delivery).
 */
export class WebhookEndpoint {
  constructor(
    private readonly secrets: WebhookSecrets,
    private readonly accept: AcceptWebhook,
    private readonly metrics: WhatsAppMetrics,
    private readonly log: { warn(message: string): void },
  ) {}

  handshake(query: Record<string, unknown>): EndpointAnswer {
    const mode = query['hub.mode'];
    const token = query['hub.verify_token'];
    const challenge = query['hub.challenge'];
    if (
      mode === 'subscribe' &&
      typeof token === 'string' &&
      typeof challenge === 'string' &&
      sameText(token, this.secrets.verifyToken)
    )
      return { status: 200, body: challenge };
    return { status: 403, body: 'verification failed' };
  }

  async receive(
    rawBody: Buffer | undefined,
    signature: string | undefined,
  ): Promise<EndpointAnswer> {
    const verdict = verifyWebhookSignature(
      rawBody ?? Buffer.alloc(0),
      signature,
      this.secrets.appSecret,
    );
    if (verdict !== 'valid') {
      this.metrics.webhookRefused(verdict === 'missing' ? 'missing_signature' : 'bad_signature');
      this.log.warn(`webhook refused: ${verdict} X-Hub-Signature-256`);
      return { status: 401, body: 'signature required' };
    }
    let body: unknown;
    try {
      body = JSON.parse(rawBody!.toString('utf8'));
    } catch {
      this.metrics.webhookRefused('not_json');
      return { status: 400, body: 'the body is not JSON' };
    }
    const batch = readWebhookBatch((body ?? {}) as Record<string, unknown>);
    for (const problem of batch.malformed) this.log.warn(`webhook item skipped: ${problem}`);
    const accepted = await this.accept.execute(batch);
    if (accepted.otherNumbers > 0)
      this.log.warn(`${accepted.otherNumbers} webhook item(s) for another phone number ignored`);
    return { status: 200, body: 'ok' };
  }
}

/** Constant-time equality of two strings (lengths may differ). */
function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
