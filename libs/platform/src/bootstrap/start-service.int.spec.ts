import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { Controller, Get, Inject, Module } from '@nestjs/common';
import { AppError } from '../errors/app-error.js';
import { ServiceMetrics } from '../observability/service-metrics.js';
import { type StartedService, startService } from './start-service.js';

@Controller('probe')
class ProbeController {
  constructor(@Inject(ServiceMetrics) private readonly metrics: ServiceMetrics) {}

  @Get('answered')
  answered() {
    this.metrics.turnRouted('answered');
    return { ok: true };
  }

  @Get()
  ok() {
    return { ok: true };
  }

  @Get('refused')
  refused() {
    throw new AppError('forbidden', 'not for you');
  }
}

@Module({ controllers: [ProbeController] })
class ProbeModule {}

const HOST = { port: 0, host: '127.0.0.1', shutdownHooks: false } as const;

describe('startService', () => {
  describe('a started service', () => {
    let service: StartedService;
    beforeAll(async () => {
      service = await startService('gateway', ProbeModule, HOST);
    });
    afterAll(() => service.app.close());

    it('does not name its framework in X-Powered-By, on a route, an error or a 404', async () => {
      for (const [path, status] of [
        ['/probe', 200],
        ['/probe/refused', 403],
        ['/no-such-path', 404],
      ] as const) {
        const response = await fetch(`${service.url}${path}`);
        expect([path, response.status, response.headers.get('x-powered-by')]).toEqual([
          path,
          status,
          null,
        ]);
      }
    });
  });

  describe('metrics', () => {
    let agent: StartedService;
    let retrieval: StartedService;
    beforeAll(async () => {
      // Two services in one process, as the all-in-one launcher runs them.
      agent = await startService('agent', ProbeModule, HOST);
      retrieval = await startService('retrieval', ProbeModule, HOST);
    });
    afterAll(async () => {
      await agent.app.close();
      await retrieval.app.close();
    });

    const scrape = async (service: StartedService) => {
      const response = await fetch(`${service.url}/metrics`);
      return {
        status: response.status,
        contentType: response.headers.get('content-type'),
        samples: (await response.text())
          .split('\n')
          .filter((line) => line !== '' && !line.startsWith('#')),
      };
    };

    it('serves its own registry at /metrics in the text format, every sample under its service', async () => {
      await fetch(`${agent.url}/probe/answered`);
      await fetch(`${agent.url}/probe/answered`);
      const fromAgent = await scrape(agent);
      const fromRetrieval = await scrape(retrieval);
      for (const [scraped, service] of [
        [fromAgent, 'agent'],
        [fromRetrieval, 'retrieval'],
      ] as const) {
        expect(scraped.status).toBe(200);
        expect(scraped.contentType).toBe('text/plain; version=0.0.4; charset=utf-8');
        expect(scraped.samples.length).toBeGreaterThan(10);
        expect(scraped.samples.filter((s) => !s.includes(`service="${service}"`))).toEqual([]);
        expect(scraped.samples.some((s) => s.startsWith('process_cpu_user_seconds_total{'))).toBe(
          true,
        );
      }
      expect(fromAgent.samples).toContain(
        'support_turns_total{route="answered",reason="none",service="agent"} 2',
      );
      expect(fromRetrieval.samples.filter((s) => s.startsWith('support_turns_total'))).toEqual([]);
    });
  });

  describe('NODE_ENV', () => {
    const original = process.env.NODE_ENV;
    afterEach(() => {
      process.env.NODE_ENV = original;
    });

    it.each(['prod', 'Production', 'staging'])(
      'refuses to start with NODE_ENV=%s, naming the variable',
      async (value) => {
        process.env.NODE_ENV = value;
        await expect(startService('gateway', ProbeModule, HOST)).rejects.toMatchObject({
          code: 'config_invalid',
          variable: 'NODE_ENV',
          message: expect.stringContaining(`got "${value}"`),
        });
      },
    );
  });
});
