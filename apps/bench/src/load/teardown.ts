/** Registers an undo step; steps run in reverse order of registration. */
export type Defer = (step: () => unknown) => void;

/**
 * Runs `body`, then every step it deferred, last first, whether `body` succeeded or threw: child
 * processes stop before the database is dropped and the nats-server goes. A failing step is
 * reported and the others still run.
 */
export async function withTeardown<T>(body: (defer: Defer) => Promise<T>): Promise<T> {
  const steps: (() => unknown)[] = [];
  try {
    return await body((step) => steps.push(step));
  } finally {
    for (const step of steps.reverse()) {
      try {
        await step();
      } catch (error) {
        console.error('teardown step failed:', error);
      }
    }
  }
}
