import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { EventEnvelope } from '@support/contracts';
import type { DecodeReply, DecodeRequest } from './decode-messages.js';

/** decode-worker.js beside this module when built; the built one when this runs from source (tests). */
function workerScript(): string {
  const beside = fileURLToPath(new URL('./decode-worker.js', import.meta.url));
  return existsSync(beside)
    ? beside
    : fileURLToPath(new URL('../../dist/replay/decode-worker.js', import.meta.url));
}

/** One core is left to the thread that reads the stream and writes to Postgres. */
export function defaultDecoderThreads(): number {
  return Math.min(4, Math.max(1, availableParallelism() - 1));
}

interface Pending {
  readonly resolve: (events: (EventEnvelope | null)[]) => void;
  readonly reject: (error: Error) => void;
}

/**
 * Decoder threads for a replay: validating events against their contracts costs far more than
 * reading and storing them, so it runs beside the thread that reads the stream and writes to
 * Postgres. Batches are handed out in turn; each answer is matched to its batch.
 */
export class DecoderPool {
  private readonly pending = new Map<number, Pending>();
  private nextId = 0;
  private closed = false;

  private constructor(private readonly workers: readonly Worker[]) {
    for (const worker of workers) {
      worker.on('message', ({ id, json }: DecodeReply) => {
        const waiting = this.pending.get(id);
        this.pending.delete(id);
        waiting?.resolve(JSON.parse(json) as (EventEnvelope | null)[]);
      });
      worker.on('error', (error) => this.failAll(error));
      worker.on('exit', (code) => {
        if (!this.closed) this.failAll(new Error(`a replay decoder thread exited (code ${code})`));
      });
    }
  }

  static start(threads: number = defaultDecoderThreads()): DecoderPool {
    const script = workerScript();
    return new DecoderPool(Array.from({ length: Math.max(1, threads) }, () => new Worker(script)));
  }

  /** The messages decoded in order: an event, or null where the contracts refuse the message. */
  decode(messages: readonly Uint8Array[]): Promise<(EventEnvelope | null)[]> {
    if (this.closed) return Promise.reject(new Error('the replay decoder pool is closed'));
    const id = this.nextId++;
    const ends: number[] = [];
    let length = 0;
    for (const message of messages) ends.push((length += message.length));
    const bytes = new Uint8Array(length);
    messages.forEach((message, i) => bytes.set(message, ends[i]! - message.length));
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      const request: DecodeRequest = { id, bytes, ends };
      this.workers[id % this.workers.length]!.postMessage(request, [bytes.buffer]);
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    this.failAll(new Error('the replay decoder pool is closed'));
    await Promise.all(this.workers.map((worker) => worker.terminate()));
  }

  private failAll(error: Error): void {
    for (const waiting of this.pending.values()) waiting.reject(error);
    this.pending.clear();
  }
}
