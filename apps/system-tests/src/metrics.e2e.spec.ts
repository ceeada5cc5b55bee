import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { StartedService } from '@support/platform';
import { eventually, type PrometheusScrape, sampleValue, scrapeMetrics } from '@support/testing';
import { ask, startSupportStack, type SupportStack } from './support/support-stack.js';

const NEIGHBOUR = "I'm a reseller, can I return unsold stock from my wholesale order?";

/** How many observations a stage's latency histogram holds. */
const stageCount = (scrape: PrometheusScrape, stage: string) =>
  sampleValue(scrape, 'support_stage_duration_seconds_count', { stage });

describe('metrics of the running system, through real turns on the WebSocket', () => {
  let stack: SupportStack;
  let services: StartedService[];
  beforeAll(async () => {
    stack = await startSupportStack();
    services = [stack.gateway, stack.agent, stack.retrieval, stack.proxy];
  });
  afterAll(() => stack.close());

  it('every service serves its own /metrics in the text format, each sample under its name', async () => {
    for (const service of services) {
      const scrape = await scrapeMetrics(service.url);
      expect(scrape.contentType).toBe('text/plain; version=0.0.4; charset=utf-8');
      expect(scrape.types.get('support_turns_total')).toBe('counter');
      expect(scrape.types.get('process_cpu_user_seconds_total')).toBe('counter');
      const foreign = scrape.samples.filter((s) => s.labels.service !== service.name);
      expect([service.name, foreign]).toEqual([service.name, []]);
    }
  });

  it('counts an answered and an escalated turn by route and reason, and times their stages', async () => {
    const [gateway0, agent0, retrieval0, proxy0] = await Promise.all(
      services.map((s) => scrapeMetrics(s.url)),
    );
    const { socket } = await stack.connect('cust-1001');
    const answered = await ask(socket, 'How long does delivery to Muscat take?');
    expect(answered.reply.kind).toBe('answer');
    const escalated = await ask(socket, NEIGHBOUR);
    expect(escalated.reply.kind).toBe('abstention');
    socket.close();

    // The agent's handler ends a moment after its reply is on the bus.
    const agent = await eventually(async () => {
      const scrape = await scrapeMetrics(stack.agent.url);
      return stageCount(scrape, 'agent_turn') - stageCount(agent0!, 'agent_turn') >= 2 && scrape;
    });
    const turns = (scrape: PrometheusScrape, route: string, reason: string) =>
      sampleValue(scrape, 'support_turns_total', { route, reason });
    expect(turns(agent, 'answered', 'none') - turns(agent0!, 'answered', 'none')).toBe(1);
    expect(
      turns(agent, 'escalated', 'below_score_floor') -
        turns(agent0!, 'escalated', 'below_score_floor'),
    ).toBe(1);
    const escalations = (scrape: PrometheusScrape) =>
      sampleValue(scrape, 'support_escalations_total', {
        reason: 'below_score_floor',
        group: 'avoidable',
      });
    expect(escalations(agent) - escalations(agent0!)).toBe(1);
    for (const stage of ['model', 'kb_search'])
      expect(stageCount(agent, stage) - stageCount(agent0!, stage)).toBeGreaterThanOrEqual(2);

    const gateway = await scrapeMetrics(stack.gateway.url);
    expect(stageCount(gateway, 'gateway_turn') - stageCount(gateway0!, 'gateway_turn')).toBe(2);
    const retrieval = await scrapeMetrics(stack.retrieval.url);
    for (const stage of ['retrieval', 'leg_dense', 'rerank'])
      expect(stageCount(retrieval, stage) - stageCount(retrieval0!, stage)).toBeGreaterThanOrEqual(
        2,
      );
    const proxy = await scrapeMetrics(stack.proxy.url);
    expect(
      stageCount(proxy, 'rerank_scoring') - stageCount(proxy0!, 'rerank_scoring'),
    ).toBeGreaterThanOrEqual(2);
    // Bounded labels only: no conversation, turn or customer id reaches a series.
    for (const scrape of [agent, gateway, retrieval, proxy])
      for (const sample of scrape.samples)
        expect(Object.values(sample.labels).join(' ')).not.toMatch(
          /cust-1001|[0-9a-f]{8}-[0-9a-f]{4}-/,
        );
  });

  it('counts a leg that overran its timeout on the retrieval service', async () => {
    const timeouts = async () =>
      sampleValue(await scrapeMetrics(stack.retrieval.url), 'support_leg_timeouts_total', {
        leg: 'dense',
      });
    const before = await timeouts();
    stack.index.faults.set('dense', 'hang');
    try {
      const { socket } = await stack.connect('cust-1002');
      const { reply } = await ask(socket, 'How long does delivery to Muscat take?');
      expect(reply.kind).toBe('answer');
      socket.close();
    } finally {
      stack.index.faults.clear();
    }
    expect((await timeouts()) - before).toBe(1);
  });
});
