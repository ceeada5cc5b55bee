import type { WireOutgoingMessage } from './graph-wire.js';

/** A photo's metadata on Meta's servers, before it is downloaded. */
export interface MediaInfo {
  /** Where to download it (with the access token), for the next five minutes. */
  readonly url: string;
  readonly mimeType: string;
  /** Hex SHA-256 of the bytes, when Meta gave one. */
  readonly sha256?: string;
  readonly fileSize?: number;
}

/**
 * The WhatsApp Cloud API as this adapter uses it. Every method throws `GraphApiError` on a
 * refusal (transient ones carry the `dependency_unavailable` code: the caller's event is
 * redelivered until the API takes it).
 */
export interface WhatsAppApi {
  /** Sends one message to a WhatsApp user (`wa_id`); returns its `wamid`. */
  send(to: string, message: WireOutgoingMessage): Promise<string>;
  /** Marks an inbound message read and shows "typing…" until the reply or for 25 s. */
  markReadTyping(messageId: string): Promise<void>;
  mediaInfo(mediaId: string): Promise<MediaInfo>;
  /** The media's bytes; refuses (not transient) a body over `maxBytes`. */
  download(url: string, maxBytes: number): Promise<Buffer>;
}

/** A download stopped at its size limit. */
export class MediaTooLarge extends Error {
  constructor(readonly limit: number) {
    super(`the media is larger than ${limit} bytes`);
    this.name = 'MediaTooLarge';
  }
}
