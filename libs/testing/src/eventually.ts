/** Polls `probe` until it stops throwing (or returns true), or fails with its last error. */
export async function eventually<T>(
  probe: () => Promise<T | false> | T | false,
  timeoutMs = 10_000,
  intervalMs = 50,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown = new Error('eventually: timed out');
  while (Date.now() < deadline) {
    try {
      const value = await probe();
      if (value !== false) return value;
      lastError = new Error('eventually: condition stayed false');
    } catch (error) {
      lastError = error;
    }
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
  throw lastError;
}
