import { ClassifierModule } from '@support/classifier';
import { type StartedService, startService } from '@support/platform';
import type { SupportStack } from './support-stack.js';

/**
 * The sixth service on a support stack's bus and database: it labels each escalation from its
 * sealed transcript, which it opens with the stack's keys.
 */
export function startClassifier(stack: SupportStack): Promise<StartedService> {
  return startService(
    'classifier',
    ClassifierModule.register({
      env: { NATS_URL: stack.nats.url },
      bus: { servers: stack.nats.url, stream: stack.busOptions('classifier').stream },
      database: { url: stack.database.url },
    }),
    { port: 0, host: '127.0.0.1', shutdownHooks: false },
  );
}
