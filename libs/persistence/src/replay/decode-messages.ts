/** A batch of raw messages for a decoder thread: one buffer, each message ending at `ends[i]`. */
export interface DecodeRequest {
  readonly id: number;
  readonly bytes: Uint8Array;
  readonly ends: readonly number[];
}

/** The decoded events of a request, in order (`null` for each the decoder refused), as JSON. */
export interface DecodeReply {
  readonly id: number;
  readonly json: string;
}
