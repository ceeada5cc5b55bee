import type { EventDefinition } from '@support/contracts';

/** `<service>__<aggregate>_<event>`: one durable consumer per service and event type. */
export function consumerName(service: string, event: EventDefinition): string {
  return `${service}__${event.type.replace('.', '_')}`.replace(/[^A-Za-z0-9_-]/g, '_');
}
