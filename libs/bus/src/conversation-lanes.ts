/**
 * Runs work with at most `limit` jobs at once, one lane per key: jobs with the same key run one
 * after another in the order they came, jobs with different keys overlap. A null key has no lane.
 */
export class ConversationLanes {
  private readonly running = new Set<Promise<void>>();
  private readonly lanes = new Map<string, Promise<void>>();

  constructor(
    private readonly limit: number,
    private readonly onError: (error: unknown) => void,
  ) {}

  /** Resolves once the job is started (or queued behind its lane): the caller may take the next. */
  async run(key: string | null, job: () => Promise<void>): Promise<void> {
    while (this.running.size >= this.limit) await Promise.race(this.running);
    const before = key === null ? undefined : this.lanes.get(key);
    const task = (before ?? Promise.resolve()).then(job).catch(this.onError);
    const done = task.finally(() => {
      this.running.delete(done);
      if (key !== null && this.lanes.get(key) === done) this.lanes.delete(key);
    });
    this.running.add(done);
    if (key !== null) this.lanes.set(key, done);
  }

  async drain(): Promise<void> {
    while (this.running.size > 0) await Promise.race(this.running);
  }
}
