import type { SupportJudge } from '@support/models';
import type { AgentMetrics } from './agent-metrics.js';

/**
 * `judge` with each call's latency recorded as the `support_judge` stage and each failure logged
 * (the validate node then keeps the verdict it had: the turn trace says only that it failed).
 */
export function observedSupportJudge(
  judge: SupportJudge,
  metrics: AgentMetrics,
  warn: (message: string) => void,
): SupportJudge {
  return {
    entailment: (pairs, options) =>
      metrics.timeStage('support_judge', async () => {
        try {
          return await judge.entailment(pairs, options);
        } catch (error) {
          warn(
            `support judge failed on ${pairs.length} sentence(s), the reply check's verdict stands: ${(error as Error).message}`,
          );
          throw error;
        }
      }),
  };
}
