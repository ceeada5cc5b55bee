import { describe, expect, it, jest } from '@jest/globals';
import { ServiceMetrics } from './service-metrics.js';

interface Scraped {
  readonly types: Map<string, string>;
  readonly samples: { name: string; labels: Record<string, string | number>; value: number }[];
}

/** The registry's own view of its samples (the text format is parsed in the bus and system tests). */
async function scrape(metrics: ServiceMetrics): Promise<Scraped> {
  const families = await metrics.registry.getMetricsAsJSON();
  return {
    types: new Map(families.map((f) => [f.name, String(f.type)])),
    samples: families.flatMap((f) =>
      f.values.map((v) => ({
        name: (v as { metricName?: string }).metricName ?? f.name,
        labels: { ...v.labels } as Record<string, string | number>,
        value: v.value,
      })),
    ),
  };
}

function sampleValue(scraped: Scraped, name: string, labels: Record<string, string> = {}): number {
  const sample = scraped.samples.find(
    (s) => s.name === name && Object.entries(labels).every(([k, v]) => String(s.labels[k]) === v),
  );
  return sample?.value ?? 0;
}

describe('ServiceMetrics', () => {
  it('keeps the counts of two services in one process apart, each series under its service', async () => {
    const agent = new ServiceMetrics('agent');
    const retrieval = new ServiceMetrics('retrieval');
    agent.turnRouted('answered');
    agent.turnRouted('escalated', 'below_score_floor');
    agent.turnRouted('escalated', 'below_score_floor');
    retrieval.legTimedOut('dense');

    const a = await scrape(agent);
    const r = await scrape(retrieval);
    expect(sampleValue(a, 'support_turns_total', { route: 'answered', reason: 'none' })).toBe(1);
    expect(
      sampleValue(a, 'support_turns_total', { route: 'escalated', reason: 'below_score_floor' }),
    ).toBe(2);
    expect(sampleValue(a, 'support_leg_timeouts_total', { leg: 'dense' })).toBe(0);
    expect(sampleValue(r, 'support_leg_timeouts_total', { leg: 'dense' })).toBe(1);
    expect(r.samples.filter((s) => s.name === 'support_turns_total')).toEqual([]);
    expect(a.samples.every((s) => s.labels.service === 'agent')).toBe(true);
    expect(r.samples.every((s) => s.labels.service === 'retrieval')).toBe(true);
  });

  it('names its metrics in Prometheus style, with their types', async () => {
    const { types } = await scrape(new ServiceMetrics('gateway'));
    expect(Object.fromEntries([...types].filter(([name]) => name.startsWith('support_')))).toEqual({
      support_turns_total: 'counter',
      support_escalations_total: 'counter',
      support_leg_timeouts_total: 'counter',
      support_reranker_fail_open_total: 'counter',
      support_bus_redeliveries_total: 'counter',
      support_bus_dead_letters_total: 'counter',
      support_stage_duration_seconds: 'histogram',
    });
  });

  it("shows the process's default metrics in every service, each under its own label", async () => {
    const agent = new ServiceMetrics('agent');
    const classifier = new ServiceMetrics('classifier');
    // A JSON read of one registry must not relabel what the other shows.
    await agent.registry.getMetricsAsJSON();
    for (const metrics of [agent, classifier, agent]) {
      const { body } = await metrics.exposition();
      const samples = body.split('\n').filter((line) => line && !line.startsWith('#'));
      expect(body).toMatch(
        new RegExp(
          `^process_resident_memory_bytes\\{service="${metrics.service}"\\} [1-9]\\d*$`,
          'm',
        ),
      );
      expect(body).toMatch(/^# TYPE nodejs_eventloop_lag_seconds gauge$/m);
      expect(samples.filter((line) => !line.includes(`service="${metrics.service}"`))).toEqual([]);
    }
  });

  it('times a stage in seconds, whether its work resolves or throws', async () => {
    const metrics = new ServiceMetrics('agent');
    jest.useFakeTimers();
    try {
      const timed = metrics.timeStage('model', () => new Promise((r) => setTimeout(r, 30)));
      await jest.advanceTimersByTimeAsync(30);
      await timed;
      await expect(
        metrics.timeStage('model', () => Promise.reject(new Error('model down'))),
      ).rejects.toThrow('model down');
    } finally {
      jest.useRealTimers();
    }
    metrics.stageTook('kb_search', 0.2);

    const scraped = await scrape(metrics);
    expect(sampleValue(scraped, 'support_stage_duration_seconds_count', { stage: 'model' })).toBe(
      2,
    );
    const modelSeconds = sampleValue(scraped, 'support_stage_duration_seconds_sum', {
      stage: 'model',
    });
    // 30 ms on the fake clock, and none for the rejected call.
    expect(modelSeconds).toBeCloseTo(0.03, 9);
    expect(
      sampleValue(scraped, 'support_stage_duration_seconds_bucket', {
        stage: 'kb_search',
        le: '0.1',
      }),
    ).toBe(0);
    expect(
      sampleValue(scraped, 'support_stage_duration_seconds_bucket', {
        stage: 'kb_search',
        le: '0.25',
      }),
    ).toBe(1);
  });
});
