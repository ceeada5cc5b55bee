import { Controller, Get, HttpCode, Inject, Res } from '@nestjs/common';
import type { Response } from 'express';
import { HealthRegistry } from './health-registry.js';
import { SERVICE_NAME } from './service-name.token.js';

@Controller('health')
export class HealthController {
  constructor(
    @Inject(HealthRegistry) private readonly registry: HealthRegistry,
    @Inject(SERVICE_NAME) private readonly service: string,
  ) {}

  /** Liveness: the process answers; restarts would not help anything else. */
  @Get('live')
  @HttpCode(200)
  live() {
    return { status: 'ok', service: this.service };
  }

  /** Readiness: every registered dependency (bus, database, ...) answers. */
  @Get('ready')
  async ready(@Res() res: Response) {
    const report = await this.registry.report();
    res
      .status(report.ready ? 200 : 503)
      .json({ status: report.ready ? 'ok' : 'unavailable', service: this.service, ...report });
  }
}
