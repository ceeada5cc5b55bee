import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { newEventId } from '@support/bus';
import {
  AdminReplied,
  ClarificationChosen,
  ClarificationOffered,
  createEvent,
  EscalationClassified,
  EscalationRaised,
  type EventDefinition,
  EXAMPLE_PAYLOADS,
} from '@support/contracts';
import {
  clarificationsProjection,
  escalationsProjection,
  openDatabase,
  personalDataOf,
} from '@support/persistence';
import { createTestDatabase, type TestDatabase } from '@support/testing';
import type { DataSource } from 'typeorm';
import { gapsCommand } from './gaps.js';

describe('cli gaps', () => {
  let database: TestDatabase;
  let dataSource: DataSource;
  const ids = [newEventId(), newEventId(), newEventId()];

  beforeAll(async () => {
    database = await createTestDatabase();
    dataSource = await openDatabase({ url: database.url });
    const event = (definition: EventDefinition, day: number, payload: object) =>
      createEvent(
        definition,
        {
          ...EXAMPLE_PAYLOADS[definition.type as keyof typeof EXAMPLE_PAYLOADS],
          ...payload,
        } as never,
        {
          id: newEventId(),
          occurredAt: new Date(Date.now() - day * 86_400_000).toISOString(),
          conversationId: `conv-${day}`,
          correlationId: newEventId(),
        },
      );
    // Sealed as the agent and Slack seal them, with the keys of this database (the CLI's).
    const seal = (text: string) => personalDataOf(dataSource).sealText('cust-1001', text);
    const asked = async (i: number, day: number, question: string) => [
      event(EscalationRaised, day, {
        escalationId: ids[i],
        question: await seal(question),
        language: /[\u0600-\u06FF]/.test(question) ? 'ar' : 'en',
        reason: 'below_score_floor',
      }),
      event(EscalationClassified, day, { escalationId: ids[i], topic: 'delivery' }),
      event(AdminReplied, day, {
        escalationId: ids[i],
        text: await seal('Three days.'),
        externalId: `Ev${i}`,
      }),
    ];
    const events = [
      ...(await asked(0, 20, 'How long does delivery to Bahrain take?')),
      ...(await asked(1, 2, 'توصيل للبحرين كم يوم')),
      ...(await asked(2, 1, 'How many days for delivery to Bahrain?')),
    ];
    await dataSource.transaction((manager) => escalationsProjection.apply(manager, events));
    // A customer who chose a section the gate had not matched, and one who chose none.
    const offerTurn = newEventId();
    const noneTurn = newEventId();
    // Sealed with the system's keys, as the agent seals it; the command opens it.
    const question = await personalDataOf(dataSource).sealText(
      'cust-1001',
      'the dress came last week and it is too tight, what can I do',
    );
    const clarifications = [
      { ...event(ClarificationOffered, 1, { question }), turnId: offerTurn },
      { ...event(ClarificationChosen, 1, { offerTurnId: offerTurn }), turnId: newEventId() },
      { ...event(ClarificationOffered, 1, {}), turnId: noneTurn },
      {
        ...event(ClarificationChosen, 1, {
          offerTurnId: noneTurn,
          outcome: 'none',
          optionId: 'none',
          title: undefined,
          docId: undefined,
          chunkId: undefined,
        }),
        turnId: newEventId(),
      },
    ];
    await dataSource.transaction((manager) =>
      clarificationsProjection.apply(manager, clarifications),
    );
  });

  afterAll(async () => {
    await dataSource?.destroy();
    await database?.drop();
  });

  const run = async (options: Parameters<typeof gapsCommand>[0]) => {
    let output = '';
    await gapsCommand(options, {
      env: { DATABASE_URL: database.url },
      print: (text) => (output += text),
    });
    return output;
  };

  it('prints the gaps the projections hold, in both languages together', async () => {
    const text = await run({});
    expect(text).toMatch(/^1 knowledge gap \(1 open, 0 drafted, 0 closed\) from 3 answered/);
    expect(text).toContain(`gap ${ids[0]}`);
    expect(text).toContain('- توصيل للبحرين كم يوم (ar)');
    expect(text).toContain('- U0ADMIN: Three days.');
    // An accepted clarification: the section has the answer, not the customer's words.
    expect(text).toContain('1 section reached only through a clarification');
    expect(text).toContain('size-exchanges · Exchanging for another size · chosen once');
    expect(text).toContain(
      '  customer: the dress came last week and it is too tight, what can I do',
    );
  });

  it('reads only the last days with --days, and prints JSON with --json', async () => {
    const { gaps, wording } = JSON.parse(await run({ json: true, days: 7 })) as {
      gaps: { gapId: string; asked: number }[];
      wording: { docId: string; accepted: number }[];
    };
    expect(gaps).toEqual([expect.objectContaining({ gapId: ids[1], asked: 2, status: 'open' })]);
    expect(wording).toEqual([expect.objectContaining({ docId: 'size-exchanges', accepted: 1 })]);
  });
});
