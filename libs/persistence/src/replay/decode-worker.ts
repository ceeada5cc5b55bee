import { parentPort } from 'node:worker_threads';
import { decodeEvent, type EventEnvelope } from '@support/contracts';
import type { DecodeReply, DecodeRequest } from './decode-messages.js';

/**
 * A replay's decoder thread: each message through the contracts' decoder, exactly as a live
 * consumer decodes it; null for one it refuses. The events go back as one JSON text, which the
 * main thread parses faster than it would receive a structured clone.
 */
parentPort!.on('message', ({ id, bytes, ends }: DecodeRequest) => {
  const events: (EventEnvelope | null)[] = [];
  let start = 0;
  for (const end of ends) {
    try {
      events.push(decodeEvent(bytes.subarray(start, end)));
    } catch {
      events.push(null);
    }
    start = end;
  }
  parentPort!.postMessage({ id, json: JSON.stringify(events) } satisfies DecodeReply);
});
