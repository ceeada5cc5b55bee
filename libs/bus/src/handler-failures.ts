/**
 * How often a consumer's handler failed on each message, for the failures that count toward
 * dead-letter (not dependency outages). Kept in memory: JetStream's delivery count cannot tell an
 * outage's redeliveries from real failures. A restart or another replica starts over at zero,
 * which only ever means more tries before dead-letter, never fewer.
 */
export class HandlerFailures {
  private readonly bySequence = new Map<number, number>();

  /** `limit` bounds the memory a replica keeps for messages another replica went on to finish. */
  constructor(private readonly limit = 10_000) {}

  /** Counts one more failure of the message and returns how many it has had. */
  record(streamSequence: number): number {
    const failures = (this.bySequence.get(streamSequence) ?? 0) + 1;
    this.bySequence.delete(streamSequence);
    this.bySequence.set(streamSequence, failures);
    if (this.bySequence.size > this.limit)
      this.bySequence.delete(this.bySequence.keys().next().value!);
    return failures;
  }

  /** The message is settled (acknowledged or dead-lettered): nothing more to count. */
  forget(streamSequence: number): void {
    this.bySequence.delete(streamSequence);
  }
}
