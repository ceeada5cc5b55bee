import type { MediaInfo, WhatsAppApi } from './whatsapp-api.js';
import { MediaTooLarge } from './whatsapp-api.js';
import { GraphApiError, graphErrorOf, graphUnreachable } from './graph-errors.js';
import type { WireMediaInfo, WireOutgoingMessage, WireSendResponse } from './graph-wire.js';

export interface GraphApiOptions {
  /** `https://graph.facebook.com/` (a local fake in tests). */
  readonly baseUrl: string;
  /** `v24.0`: pinned, as Meta recommends. */
  readonly version: string;
  readonly phoneNumberId: string;
  readonly accessToken: string;
  readonly timeoutMs: number;
}

/**
 * The Cloud API over HTTPS with the system user's access token. Written here rather than taken
 * from an SDK: Meta's own Node SDK is archived, and the maintained `whatsapp-api-js` hard-codes
 * graph.facebook.com, has no request timeout and reads only the first entry, change and message
 * of a webhook (Meta batches them); the three calls below are all this adapter needs.
 */
export class GraphWhatsAppApi implements WhatsAppApi {
  private readonly base: string;

  constructor(private readonly options: GraphApiOptions) {
    this.base = new URL(`${options.version}/`, withSlash(options.baseUrl)).toString();
  }

  async send(to: string, message: WireOutgoingMessage): Promise<string> {
    const response = await this.call<WireSendResponse>(`${this.options.phoneNumberId}/messages`, {
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to,
      ...message,
    });
    const id = response.messages?.[0]?.id;
    if (typeof id !== 'string' || id === '')
      throw new GraphApiError(null, 'the send response names no message id', undefined, 200, false);
    return id;
  }

  async markReadTyping(messageId: string): Promise<void> {
    await this.call(`${this.options.phoneNumberId}/messages`, {
      messaging_product: 'whatsapp',
      status: 'read',
      message_id: messageId,
      typing_indicator: { type: 'text' },
    });
  }

  async mediaInfo(mediaId: string): Promise<MediaInfo> {
    const info = await this.call<WireMediaInfo>(
      `${encodeURIComponent(mediaId)}?phone_number_id=${encodeURIComponent(this.options.phoneNumberId)}`,
    );
    if (typeof info.url !== 'string' || typeof info.mime_type !== 'string')
      throw new GraphApiError(null, 'the media response has no url or type', undefined, 200, false);
    const size = Number(info.file_size);
    return {
      url: info.url,
      mimeType: info.mime_type,
      ...(typeof info.sha256 === 'string' ? { sha256: info.sha256 } : {}),
      ...(Number.isSafeInteger(size) && size >= 0 ? { fileSize: size } : {}),
    };
  }

  async download(url: string, maxBytes: number): Promise<Buffer> {
    const response = await this.fetch(url, { method: 'GET' });
    if (!response.ok) throw graphErrorOf(response.status, await jsonOrNull(response));
    const declared = Number(response.headers.get('content-length'));
    if (Number.isFinite(declared) && declared > maxBytes) {
      await response.body?.cancel();
      throw new MediaTooLarge(maxBytes);
    }
    const chunks: Buffer[] = [];
    let size = 0;
    const reader = response.body?.getReader();
    try {
      for (let read = await reader?.read(); read && !read.done; read = await reader!.read()) {
        size += read.value.length;
        if (size > maxBytes) throw new MediaTooLarge(maxBytes);
        chunks.push(Buffer.from(read.value));
      }
    } catch (error) {
      await reader?.cancel().catch(() => undefined);
      if (error instanceof MediaTooLarge) throw error;
      throw graphUnreachable(error);
    }
    return Buffer.concat(chunks);
  }

  private async call<T>(path: string, body?: Record<string, unknown>): Promise<T> {
    const response = await this.fetch(new URL(path, this.base).toString(), {
      method: body ? 'POST' : 'GET',
      ...(body
        ? { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } }
        : {}),
    });
    const parsed = await jsonOrNull(response);
    if (!response.ok) throw graphErrorOf(response.status, parsed);
    if (parsed === null || typeof parsed !== 'object')
      throw new GraphApiError(null, 'the response is not JSON', undefined, response.status, false);
    return parsed as T;
  }

  private async fetch(url: string, init: RequestInit): Promise<Response> {
    try {
      return await fetch(url, {
        ...init,
        headers: { ...init.headers, authorization: `Bearer ${this.options.accessToken}` },
        signal: AbortSignal.timeout(this.options.timeoutMs),
      });
    } catch (error) {
      throw graphUnreachable(error);
    }
  }
}

function withSlash(url: string): string {
  return url.endsWith('/') ? url : `${url}/`;
}

async function jsonOrNull(response: Response): Promise<unknown> {
  try {
    return JSON.parse(await response.text()) as unknown;
  } catch {
    return null;
  }
}
