/**
 * Requests waiting for their reply event: `wait` resolves with the reply for an id, or with
 * `undefined` once the deadline passes. A reply that arrives for nobody is ignored.
 */
export class PendingReplies<T> {
  private readonly waiting = new Map<string, (reply: T | undefined) => void>();

  wait(id: string, timeoutMs: number): Promise<T | undefined> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.waiting.delete(id);
        resolve(undefined);
      }, timeoutMs);
      this.waiting.set(id, (reply) => {
        clearTimeout(timer);
        this.waiting.delete(id);
        resolve(reply);
      });
    });
  }

  /** Returns whether someone was waiting for this id. */
  resolve(id: string, reply: T): boolean {
    const waiter = this.waiting.get(id);
    waiter?.(reply);
    return waiter !== undefined;
  }

  get size(): number {
    return this.waiting.size;
  }
}
