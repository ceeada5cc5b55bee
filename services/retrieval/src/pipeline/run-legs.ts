import type { RetrievalLeg } from '@support/contracts';

export type LegStatus = 'ok' | 'skipped' | 'timed_out' | 'failed';

export interface LegOutcome<H> {
  readonly leg: RetrievalLeg;
  readonly status: LegStatus;
  readonly latencyMs: number;
  readonly hits: readonly H[];
  readonly error?: { code: string; message: string };
}

class LegTimeout extends Error {
  constructor(leg: RetrievalLeg, ms: number) {
    super(`${leg} did not answer within ${ms} ms`);
  }
}

/**
 * Runs the legs concurrently, each under its own deadline. A leg that fails or is too slow is
 * dropped and recorded; the others go on. Never throws.
 */
export async function runLegs<H>(
  legs: readonly RetrievalLeg[],
  run: (leg: RetrievalLeg, signal: AbortSignal) => Promise<readonly H[]>,
  timeoutMs: number,
  monotonicMs: () => number = () => performance.now(),
): Promise<LegOutcome<H>[]> {
  return Promise.all(
    legs.map(async (leg): Promise<LegOutcome<H>> => {
      const started = monotonicMs();
      const controller = new AbortController();
      let timer: NodeJS.Timeout | undefined;
      const deadline = new Promise<never>((_, reject) => {
        timer = setTimeout(() => {
          controller.abort();
          reject(new LegTimeout(leg, timeoutMs));
        }, timeoutMs);
      });
      try {
        const hits = await Promise.race([run(leg, controller.signal), deadline]);
        return { leg, status: 'ok', latencyMs: Math.round(monotonicMs() - started), hits };
      } catch (error) {
        const timedOut = error instanceof LegTimeout;
        return {
          leg,
          status: timedOut ? 'timed_out' : 'failed',
          latencyMs: Math.round(monotonicMs() - started),
          hits: [],
          error: {
            code: timedOut
              ? 'leg_timeout'
              : String((error as { code?: unknown }).code ?? 'leg_failed'),
            message: error instanceof Error ? error.message : String(error),
          },
        };
      } finally {
        clearTimeout(timer);
      }
    }),
  );
}
