import type { EventEnvelope } from '@support/contracts';
import type { SequencedEvent } from '../processed-events.js';
import type { Projection } from '../projections/projection.js';

/** A stream message some projection folds, as read, before decoding. */
export interface ReadMessage {
  readonly streamSequence: number;
  readonly data: Uint8Array;
  readonly projections: readonly Projection[];
}

/**
 * The events of one replay transaction per projection, grouped by the projections that fold them,
 * in stream order. Messages the contracts refuse are counted and left out, as live consumers
 * dead-letter them.
 */
export class ReplayBatch {
  readonly perProjection = new Map<Projection, SequencedEvent[]>();
  readonly skippedInvalid: number;

  constructor(
    messages: readonly ReadMessage[],
    /** `decoded[i]` is messages[i] decoded, or null when the contracts refuse it. */
    decoded: readonly (EventEnvelope | null)[],
    /** Stream messages read up to and including this batch's last one, for progress. */
    readonly readThrough: number,
    readonly lastSequence: number,
  ) {
    let skipped = 0;
    messages.forEach(({ streamSequence, projections }, i) => {
      const event = decoded[i];
      if (!event) {
        skipped += 1;
        return;
      }
      for (const projection of projections) {
        const items = this.perProjection.get(projection);
        if (items) items.push({ event, streamSequence });
        else this.perProjection.set(projection, [{ event, streamSequence }]);
      }
    });
    this.skippedInvalid = skipped;
  }
}
