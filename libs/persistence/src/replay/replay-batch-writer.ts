import type { DataSource } from 'typeorm';
import { claimUnprocessed, type SequencedEvent } from '../processed-events.js';
import type { Projection } from '../projections/projection.js';
import { foldOneByOne, type ReplayFailure } from './fold-one-by-one.js';
import type { ReplayBatch } from './replay-batch.js';

/** A projection may be this many batches ahead of the slowest one. */
const BATCHES_IN_FLIGHT = 2;

/**
 * Stores replay batches. Each projection's share of a batch is one transaction of its own, as live
 * processing has consumers of its own per projection: the processed-event rows and the
 * projection's fold of all those events. Each projection is a lane of its own connection that
 * takes its shares in stream order; the lanes run at once, while the next batches are read and
 * decoded. A batch counts as stored (progress, failures) once every lane has stored its share.
 */
export class ReplayBatchWriter {
  applied = 0;
  readonly failed: ReplayFailure[] = [];
  private readonly lanes = new Map<Projection, Promise<unknown>>();
  /** One promise per batch not yet awaited, settled when the batch and all before it are stored. */
  private readonly stored: Promise<void>[] = [];
  private lastStored: Promise<void> = Promise.resolve();

  constructor(
    private readonly dataSource: DataSource,
    private readonly maxAttempts: number,
    private readonly onWritten: (batch: ReplayBatch) => void,
  ) {}

  /** Starts the batch once no lane is more than a batch behind; throws what stopped a lane. */
  async submit(batch: ReplayBatch): Promise<void> {
    while (this.stored.length >= BATCHES_IN_FLIGHT) await this.stored.shift();
    const shares = [...batch.perProjection].map(([projection, items]) => {
      // A lane that failed stays failed: its later shares are not written.
      const share = (this.lanes.get(projection) ?? Promise.resolve()).then(() =>
        this.writeShare(projection, items),
      );
      this.lanes.set(projection, share);
      return share;
    });
    this.lastStored = Promise.all([this.lastStored, ...shares]).then(([, ...failures]) => {
      for (const failed of failures) this.failed.push(...failed); // in projection order
      this.onWritten(batch);
    });
    // Seen by a later submit or by finish; not an unhandled rejection meanwhile.
    this.lastStored.catch(() => undefined);
    this.stored.push(this.lastStored);
  }

  /**
   * Waits until no lane writes any more, then throws what stopped the replay (a database that does
   * not answer), if anything did.
   */
  async finish(): Promise<void> {
    await Promise.allSettled(this.lanes.values());
    this.stored.length = 0;
    await this.lastStored;
  }

  private async writeShare(
    projection: Projection,
    items: readonly SequencedEvent[],
  ): Promise<ReplayFailure[]> {
    try {
      // Counted after the await: the lanes write at once.
      const applied = await this.dataSource.transaction(async (manager) => {
        const claimed = await claimUnprocessed(manager, projection.name, items);
        await projection.apply(manager, claimed);
        return claimed.length;
      });
      this.applied += applied;
      return [];
    } catch {
      // Nothing of this share was stored: find the event(s) at fault one at a time.
      const outcome = await foldOneByOne(
        this.dataSource,
        new Map([[projection, items]]),
        this.maxAttempts,
      );
      this.applied += outcome.applied;
      return outcome.failed;
    }
  }
}
