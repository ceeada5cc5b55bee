import { AsyncLocalStorage } from 'node:async_hooks';

/** What every log line written inside a unit of work says about it. */
export interface LogContext {
  /** The service doing the work: several share one process under the all-in-one launcher. */
  readonly service?: string;
  readonly conversationId?: string | null;
  readonly turnId?: string | null;
  readonly correlationId?: string | null;
  readonly eventType?: string;
}

// Async context rather than a global: the seven services of `npm start` handle events at once.
const storage = new AsyncLocalStorage<LogContext>();

/** Runs `work` with `fields` over the current context, for everything it awaits or schedules. */
export function withLogContext<T>(fields: LogContext, work: () => T): T {
  return storage.run({ ...storage.getStore(), ...fields }, work);
}

export function currentLogContext(): LogContext {
  return storage.getStore() ?? {};
}
