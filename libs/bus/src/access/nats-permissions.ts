import { DeadLettered, type EventDefinition } from '@support/contracts';
import { SERVICE_NAMES, type ServiceName } from '@support/platform/pure';
import { consumerName } from '../consumer-name.js';
import { deadLetterKeysStream } from '../dead-letter-keys.js';
import { inboxPrefixOf } from './inbox.js';
import { BUS_ACCESS, type BusAccess, type BusUser, OPS_USER } from './bus-access.js';

/** The subjects a NATS user may publish to and subscribe to. */
export interface NatsPermissions {
  readonly publish: { readonly allow: readonly string[]; readonly deny: readonly string[] };
  readonly subscribe: { readonly allow: readonly string[] };
}

/** The durable consumer names a service's replicas share. */
export function sharedDurables(access: BusAccess): { durable: string; event: EventDefinition }[] {
  return Object.entries(access.consumes).flatMap(([prefix, events]) =>
    events.map((event) => ({ durable: consumerName(prefix, event), event })),
  );
}

/** The JetStream API calls behind one pull consumer (`name` may be `*`: any consumer name). */
function consumerSubjects(stream: string, name: string): string[] {
  return [
    `$JS.API.CONSUMER.INFO.${stream}.${name}`,
    `$JS.API.CONSUMER.MSG.NEXT.${stream}.${name}`,
    // ack, nak, term and "working" answer on the message's reply subject
    `$JS.ACK.${stream}.${name}.>`,
  ];
}

/**
 * What one service may do, for stream `stream`:
 * - JetStream: account and stream info, creating the stream when it is missing (never updating,
 *   purging or deleting it), and for each of its consumers creating it with exactly its event's
 *   filter subject, reading its info, pulling and acknowledging;
 * - publishing its own events and `deadletter.recorded`, nothing else, and the markers of the
 *   dead letters it recorded (their own small stream, DeadLetterKeys);
 * - subscribing to its own inboxes only.
 * Per-instance consumers have unknown names, so those services may pull from (and delete, to
 * recreate a per-process consumer) any consumer name; the other services' shared consumers are
 * denied to them by name.
 */
export function servicePermissions(service: ServiceName, stream: string): NatsPermissions {
  const access = BUS_ACCESS[service];
  const keys = deadLetterKeysStream(stream);
  const allow = new Set<string>([
    '$JS.API.INFO',
    `$JS.API.STREAM.INFO.${stream}`,
    `$JS.API.STREAM.CREATE.${stream}`,
    // The dead letters recorded already (DeadLetterKeys): create the stream, look up, remember.
    `$JS.API.STREAM.INFO.${keys}`,
    `$JS.API.STREAM.CREATE.${keys}`,
    `$JS.API.STREAM.MSG.GET.${keys}`,
    `deadletters.${stream}.>`,
  ]);
  for (const { durable, event } of sharedDurables(access)) {
    allow.add(`$JS.API.CONSUMER.CREATE.${stream}.${durable}.${event.subject}`);
    for (const subject of consumerSubjects(stream, durable)) allow.add(subject);
  }
  const perInstance = access.consumesPerInstance ?? [];
  for (const event of perInstance)
    allow.add(`$JS.API.CONSUMER.CREATE.${stream}.*.${event.subject}`);
  if (perInstance.length > 0) {
    for (const subject of consumerSubjects(stream, '*')) allow.add(subject);
    // A per-process consumer is recreated at each start (EventSubscription.perProcess).
    allow.add(`$JS.API.CONSUMER.DELETE.${stream}.*`);
  }
  if (access.readsEvents) allow.add(`$JS.API.STREAM.MSG.GET.${stream}`);
  for (const event of [...access.publishes, DeadLettered]) allow.add(event.subject);

  const deny = new Set<string>();
  if (perInstance.length > 0)
    for (const other of SERVICE_NAMES.filter((name) => name !== service))
      for (const { durable } of sharedDurables(BUS_ACCESS[other])) {
        deny.add(`$JS.API.CONSUMER.CREATE.${stream}.${durable}.>`);
        deny.add(`$JS.API.CONSUMER.DELETE.${stream}.${durable}`);
        for (const subject of consumerSubjects(stream, durable)) deny.add(subject);
      }

  return {
    publish: { allow: [...allow], deny: [...deny] },
    subscribe: { allow: [`${inboxPrefixOf(service)}.>`] },
  };
}

/** The operators' user (CLI: ingest, replay, backups, dead-letter handling): everything. */
export function opsPermissions(): NatsPermissions {
  return { publish: { allow: ['>'], deny: [] }, subscribe: { allow: ['>'] } };
}

export function permissionsOf(user: BusUser, stream: string): NatsPermissions {
  return user === OPS_USER ? opsPermissions() : servicePermissions(user, stream);
}

/** Every user of the bus: one per service, then the operators'. */
export const BUS_USERS: readonly BusUser[] = [...SERVICE_NAMES, OPS_USER];
