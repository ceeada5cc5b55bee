import { describe, expect, it } from '@jest/globals';
import { ModelUnavailable, type SupportJudge } from '@support/models';
import type { AgentMetrics } from './agent-metrics.js';
import { observedSupportJudge } from './observed-support-judge.js';

const PAIRS = [{ premise: 'Returns within 21 days.', hypothesis: 'Three weeks to return.' }];

function observed(judge: SupportJudge) {
  const stages: string[] = [];
  const warnings: string[] = [];
  const metrics = {
    timeStage: (stage: string, run: () => Promise<unknown>) => {
      stages.push(stage);
      return run();
    },
  } as unknown as AgentMetrics;
  return { judge: observedSupportJudge(judge, metrics, (m) => warnings.push(m)), stages, warnings };
}

describe('observedSupportJudge', () => {
  it('times each call as the support_judge stage and passes the scores on', async () => {
    const { judge, stages, warnings } = observed({ entailment: async () => [0.95] });
    expect(await judge.entailment(PAIRS)).toEqual([0.95]);
    expect(stages).toEqual(['support_judge']);
    expect(warnings).toEqual([]);
  });

  it('logs why a call failed and still rejects with the failure', async () => {
    const failure = new ModelUnavailable('Support judge at http://nli:8080 answered HTTP 424', 424);
    const { judge, warnings } = observed({
      entailment: async () => {
        throw failure;
      },
    });
    await expect(judge.entailment(PAIRS)).rejects.toBe(failure);
    expect(warnings).toEqual([
      "support judge failed on 1 sentence(s), the reply check's verdict stands: Support judge at http://nli:8080 answered HTTP 424",
    ]);
  });
});
