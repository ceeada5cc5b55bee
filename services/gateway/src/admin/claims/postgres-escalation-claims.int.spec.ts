import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  EscalationClaimed,
  EscalationRaised,
  type EventEnvelope,
  exampleEvent,
  isEvent,
} from '@support/contracts';
import { applyEscalationEvents, openDatabase } from '@support/persistence';
import { createTestDatabase, type TestDatabase } from '@support/testing';
import type { DataSource } from 'typeorm';
import { GATEWAY_MIGRATIONS } from '../../limits/gateway-migrations.js';
import { ClaimEscalation } from './claim-escalation.js';
import { PostgresEscalationClaims } from './postgres-escalation-claims.js';

const clock = { now: () => new Date() };

// Two "replicas": each with its own pool to one database, as two gateway processes.
describe('escalation claims decided in Postgres by two gateway replicas', () => {
  let database: TestDatabase;
  let replicaA: DataSource;
  let replicaB: DataSource;
  const published: EventEnvelope[] = [];
  const sink = { publish: async (event: EventEnvelope) => void published.push(event) };

  beforeAll(async () => {
    database = await createTestDatabase('gateway_claims_test');
    const open = () =>
      openDatabase({ url: database.url, migrations: GATEWAY_MIGRATIONS, poolSize: 8 });
    replicaA = await open();
    replicaB = await open();
  });

  afterAll(async () => {
    await replicaA?.destroy();
    await replicaB?.destroy();
    await database?.drop();
  });

  const claimsOn = (dataSource: DataSource) =>
    new ClaimEscalation(new PostgresEscalationClaims(dataSource), sink, clock);

  /** An open escalation in the escalations projection, as the projection consumer writes it. */
  async function openEscalation(): Promise<string> {
    const escalationId = randomUUID();
    const raised = exampleEvent(
      EscalationRaised,
      {
        id: randomUUID(),
        occurredAt: new Date().toISOString(),
        conversationId: `conv-${escalationId}`,
        turnId: randomUUID(),
        correlationId: randomUUID(),
      },
      { escalationId },
    );
    await replicaA.transaction((manager) => applyEscalationEvents(manager, [raised]));
    return escalationId;
  }

  const claimsPublishedFor = (escalationId: string) =>
    published.filter(
      (e) => isEvent(e, EscalationClaimed) && e.payload.escalationId === escalationId,
    );

  it('twenty admins racing on two replicas: exactly one wins, every other is told who holds it', async () => {
    const escalationId = await openEscalation();
    const replicas = [claimsOn(replicaA), claimsOn(replicaB)];
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        replicas[i % 2]!.execute(escalationId, 'claim', `admin-${i}`),
      ),
    );
    const winners = results.filter((r) => r.outcome === 'claimed');
    expect(winners).toHaveLength(1);
    const holder = winners[0]!.holder!;
    for (const refused of results.filter((r) => r.outcome !== 'claimed'))
      expect(refused).toEqual({
        outcome: 'refused',
        refusal: 'held_by_other',
        holder,
        message: `${holder} is handling this escalation; only they can answer or release it.`,
      });
    expect(claimsPublishedFor(escalationId)).toHaveLength(1);
    expect(claimsPublishedFor(escalationId)[0]!.payload).toEqual({
      escalationId,
      adminId: holder,
      sequence: 1,
    });
    await expect(replicas[1]!.holderOf(escalationId)).resolves.toBe(holder);
  });

  it('the holder claiming again publishes the same event (same id, same time), nothing new', async () => {
    const escalationId = await openEscalation();
    const claims = claimsOn(replicaA);
    await claims.execute(escalationId, 'claim', 'admin-huda');
    await claims.execute(escalationId, 'claim', 'admin-huda');
    const [first, again] = claimsPublishedFor(escalationId);
    expect(again).toEqual(first);
  });

  it('a release lets another admin claim; the claim sequence goes on', async () => {
    const escalationId = await openEscalation();
    const claims = claimsOn(replicaB);
    await claims.execute(escalationId, 'claim', 'admin-huda');
    await expect(claims.execute(escalationId, 'release', 'admin-omar')).resolves.toMatchObject({
      outcome: 'refused',
      refusal: 'not_holder',
    });
    await expect(claims.execute(escalationId, 'release', 'admin-huda')).resolves.toEqual({
      outcome: 'released',
      holder: null,
    });
    await expect(claims.execute(escalationId, 'claim', 'admin-omar')).resolves.toEqual({
      outcome: 'claimed',
      holder: 'admin-omar',
    });
    expect(claimsPublishedFor(escalationId).map((e) => e.payload)).toEqual([
      { escalationId, adminId: 'admin-huda', sequence: 1 },
      { escalationId, adminId: 'admin-omar', sequence: 3 },
    ]);
  });

  it('starts from the claim the projection shows when the claims table has no row (a restore)', async () => {
    const escalationId = await openEscalation();
    await claimsOn(replicaA).execute(escalationId, 'claim', 'admin-huda');
    // The projection folds the published claim; the claims table loses its row.
    await replicaA.transaction((manager) =>
      applyEscalationEvents(manager, claimsPublishedFor(escalationId)),
    );
    await replicaA.query(`DELETE FROM gateway_escalation_claims WHERE escalation_id = $1`, [
      escalationId,
    ]);
    await expect(
      claimsOn(replicaB).execute(escalationId, 'claim', 'admin-omar'),
    ).resolves.toMatchObject({ outcome: 'refused', holder: 'admin-huda' });
    await claimsOn(replicaB).execute(escalationId, 'claim', 'admin-huda');
    const [first, again] = claimsPublishedFor(escalationId);
    expect(again).toEqual(first);
  });

  it('an unknown escalation is not_found; a resolved one cannot be claimed', async () => {
    await expect(
      claimsOn(replicaA).execute(randomUUID(), 'claim', 'admin-huda'),
    ).rejects.toMatchObject({ code: 'not_found' });
    const escalationId = await openEscalation();
    await replicaA.query(`UPDATE escalations SET resolved_at = now() WHERE escalation_id = $1`, [
      escalationId,
    ]);
    await expect(
      claimsOn(replicaA).execute(escalationId, 'claim', 'admin-huda'),
    ).resolves.toMatchObject({ outcome: 'refused', refusal: 'resolved' });
  });
});
