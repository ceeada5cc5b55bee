import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { Controller, Get, Module } from '@nestjs/common';
import { AppError } from '../errors/app-error.js';
import { type StartedService, startService } from './start-service.js';

@Controller('probe')
class ProbeController {
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
