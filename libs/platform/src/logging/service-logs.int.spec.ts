import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { Controller, Get, Logger, Module } from '@nestjs/common';
import { type StartedService, startService } from '../bootstrap/start-service.js';
import { ServiceLogger } from './service-logger.js';

@Controller('say')
class SayController {
  @Get()
  say() {
    new Logger('probe').log('hello');
    return { ok: true };
  }
}

@Module({ controllers: [SayController] })
class SayModule {}

const HOST = { port: 0, host: '127.0.0.1', shutdownHooks: false } as const;

describe('service logs when several services share one process (npm start)', () => {
  const services: StartedService[] = [];
  const lines: string[] = [];

  beforeAll(async () => {
    services.push(await startService('gateway', SayModule, HOST));
    services.push(await startService('agent', SayModule, HOST));
    // Nest keeps one logger per process, the last one set: here a capturing one named neither.
    Logger.overrideLogger(
      new ServiceLogger('someone-else', {
        format: 'json',
        destination: { write: (line: string) => void lines.push(line) },
      }),
    );
  });
  afterAll(async () => {
    for (const service of services) await service.app.close();
  });

  it('names the service whose request wrote the line, not the last one started', async () => {
    for (const service of [...services, ...services].reverse())
      expect((await fetch(`${service.url}/say`)).status).toBe(200);
    const said = lines
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .filter((entry) => entry.msg === 'hello');
    expect(said.map((entry) => entry.service)).toEqual(['agent', 'gateway', 'agent', 'gateway']);
    expect(said[0]).toMatchObject({ level: 'info', context: 'probe', pid: process.pid });
  });
});

describe('LOG_LEVELS and LOG_FORMAT', () => {
  const original = { ...process.env };
  afterEach(() => {
    process.env.LOG_LEVELS = original.LOG_LEVELS;
    if (original.LOG_FORMAT === undefined) delete process.env.LOG_FORMAT;
    else process.env.LOG_FORMAT = original.LOG_FORMAT;
  });

  it.each([
    ['LOG_LEVELS', 'eror,warn', /LOG_LEVELS must be levels among fatal, error, warn, log/],
    ['LOG_FORMAT', 'text', /LOG_FORMAT must be one of json, pretty, got "text"/],
  ])('refuse %s=%s before anything starts, naming the variable', async (name, value, message) => {
    process.env[name] = value;
    await expect(startService('gateway', SayModule, HOST)).rejects.toMatchObject({
      code: 'config_invalid',
      variable: name,
      message: expect.stringMatching(message),
    });
  });
});
