import { describe, expect, it } from '@jest/globals';
import { DeadLettered, eventRegistry } from '@support/contracts';
import { SERVICE_NAMES } from '@support/platform/pure';
import { BUS_ACCESS, OPS_PUBLISHES } from './bus-access.js';
import { natsAuthorization } from './nats-authorization.js';
import { servicePermissions, sharedDurables } from './nats-permissions.js';

const publishedBy = (type: string) =>
  SERVICE_NAMES.filter((s) => BUS_ACCESS[s].publishes.some((d) => d.type === type));

describe('BUS_ACCESS', () => {
  it('names a publisher for every event type of the contracts (a new event needs its line)', () => {
    const opsOnly = new Set(OPS_PUBLISHES.map((d) => d.type));
    const orphans = eventRegistry
      .all()
      .map((d) => d.type)
      .filter((t) => t !== DeadLettered.type && !opsOnly.has(t) && publishedBy(t).length === 0);
    expect(orphans).toEqual([]);
  });

  it('every event a service consumes has a publisher', () => {
    const published = new Set([
      ...SERVICE_NAMES.flatMap((s) => BUS_ACCESS[s].publishes.map((d) => d.type)),
      ...OPS_PUBLISHES.map((d) => d.type),
    ]);
    const unpublished = SERVICE_NAMES.flatMap((s) =>
      [
        ...Object.values(BUS_ACCESS[s].consumes).flat(),
        ...(BUS_ACCESS[s].consumesPerInstance ?? []),
      ]
        .filter((d) => !published.has(d.type))
        .map((d) => `${s}: ${d.type}`),
    );
    expect(unpublished).toEqual([]);
  });

  it('shared durable names are single subject tokens, unique across services', () => {
    const names = SERVICE_NAMES.flatMap((s) => sharedDurables(BUS_ACCESS[s]).map((c) => c.durable));
    for (const name of names) expect(name).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(new Set(names).size).toBe(names.length);
  });
});

describe('servicePermissions', () => {
  it('lets a service publish only its own events and dead letters', () => {
    const allowed = servicePermissions('gateway', 'SUPPORT').publish.allow.filter((s) =>
      s.startsWith('support.'),
    );
    expect(allowed.sort()).toEqual(
      [
        'support.conversation.message_received',
        'support.conversation.withdrawal_requested',
        'support.customer.forgotten',
        'support.escalation.admin_replied',
        'support.escalation.claimed',
        'support.escalation.claim_released',
        'support.kb.draft_created',
        'support.kb.draft_published',
        'support.kb.draft_discarded',
        'support.kb.document_upserted',
        'support.deadletter.recorded',
      ].sort(),
    );
  });

  it("denies per-instance services the other services' shared consumers, never their own", () => {
    const agent = servicePermissions('agent', 'SUPPORT');
    expect(agent.publish.allow).toContain('$JS.API.CONSUMER.MSG.NEXT.SUPPORT.*');
    expect(agent.publish.deny).toContain(
      '$JS.API.CONSUMER.MSG.NEXT.SUPPORT.escalation__conversation_message_received',
    );
    for (const { durable } of sharedDurables(BUS_ACCESS.agent))
      expect(agent.publish.deny.filter((s) => s.split('.').includes(durable))).toEqual([]);
    // A service without per-instance consumers names its own and needs no deny list.
    const classifier = servicePermissions('classifier', 'SUPPORT');
    expect(classifier.publish.allow.filter((s) => s.includes('.*'))).toEqual([]);
    expect(classifier.publish.deny).toEqual([]);
  });

  it('subscribes to its own inboxes only', () => {
    expect(servicePermissions('retrieval', 'SUPPORT').subscribe.allow).toEqual([
      '_INBOX_retrieval.>',
    ]);
  });
});

describe('natsAuthorization', () => {
  it('reads each password from the server environment by default, one user per service and ops', () => {
    const conf = natsAuthorization('SUPPORT');
    expect(conf).toContain(
      'user: "reranker-proxy"\n      password: $NATS_PASSWORD_RERANKER_PROXY\n',
    );
    expect(conf.match(/user: /g)).toHaveLength(SERVICE_NAMES.length + 1);
    expect(conf).toContain('user: "ops"');
  });
});
