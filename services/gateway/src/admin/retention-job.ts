import {
  Inject,
  Logger,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { CustomerErasure } from './customer-erasure.js';

const HOURLY_MS = 3600_000;

/**
 * `RETENTION_DAYS`: once an hour, customers whose conversations have all been quiet that long are
 * forgotten the way an erasure request forgets them (`customer.forgotten`, reason `retention`).
 * Every replica runs it; the same customer forgotten twice publishes the same event.
 */
export class RetentionJob implements OnApplicationBootstrap, OnApplicationShutdown {
  private timer: NodeJS.Timeout | null = null;
  private readonly logger = new Logger('retention');

  constructor(
    @Inject(CustomerErasure) private readonly erasure: CustomerErasure,
    private readonly days: number | null,
  ) {}

  onApplicationBootstrap(): void {
    if (this.days === null) return;
    const days = this.days;
    const run = () =>
      this.erasure
        .forgetPastRetention(days)
        .then((forgotten) => {
          if (forgotten.length > 0)
            this.logger.log(`forgot ${forgotten.length} customer(s) quiet for ${days} days`);
        })
        .catch((error: unknown) => this.logger.warn(`retention run failed: ${String(error)}`));
    this.timer = setInterval(run, HOURLY_MS);
    this.timer.unref();
    void run();
  }

  onApplicationShutdown(): void {
    if (this.timer) clearInterval(this.timer);
  }
}
