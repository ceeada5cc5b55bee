import { Controller, Get, Inject, Res } from '@nestjs/common';
import type { Response } from 'express';
import { ServiceMetrics } from './service-metrics.js';

/** `GET /metrics`: the service's registry in Prometheus text format, for the scraper. */
@Controller('metrics')
export class MetricsController {
  constructor(@Inject(ServiceMetrics) private readonly metrics: ServiceMetrics) {}

  @Get()
  async scrape(@Res() res: Response): Promise<void> {
    const { contentType, body } = await this.metrics.exposition();
    res.status(200).type(contentType).send(body);
  }
}
