import { Injectable } from '@nestjs/common';

export type ReadinessCheck = () => Promise<void> | void;

/** Dependencies register a readiness check; `/health/ready` is green only when all pass. */
@Injectable()
export class HealthRegistry {
  private readonly checks = new Map<string, ReadinessCheck>();

  register(name: string, check: ReadinessCheck): void {
    this.checks.set(name, check);
  }

  async report(): Promise<{ ready: boolean; checks: Record<string, string> }> {
    const checks: Record<string, string> = {};
    let ready = true;
    for (const [name, check] of this.checks) {
      try {
        await check();
        checks[name] = 'ok';
      } catch (error) {
        ready = false;
        checks[name] = error instanceof Error ? error.message : String(error);
      }
    }
    return { ready, checks };
  }
}
