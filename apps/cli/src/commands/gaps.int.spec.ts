import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { newEventId } from '@support/bus';
import {
  AdminReplied,
  createEvent,
  EscalationClassified,
  EscalationRaised,
  type EventDefinition,
  EXAMPLE_PAYLOADS,
} from '@support/contracts';
import { escalationsProjection, openDatabase } from '@support/persistence';
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
    const asked = (i: number, day: number, question: string) => [
      event(EscalationRaised, day, {
        escalationId: ids[i],
        question,
        language: /[\u0600-\u06FF]/.test(question) ? 'ar' : 'en',
        reason: 'below_score_floor',
      }),
      event(EscalationClassified, day, { escalationId: ids[i], topic: 'delivery' }),
      event(AdminReplied, day, { escalationId: ids[i], text: 'Three days.', externalId: `Ev${i}` }),
    ];
    const events = [
      ...asked(0, 20, 'How long does delivery to Bahrain take?'),
      ...asked(1, 2, 'توصيل للبحرين كم يوم'),
      ...asked(2, 1, 'How many days for delivery to Bahrain?'),
    ];
    await dataSource.transaction((manager) => escalationsProjection.apply(manager, events));
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
  });

  it('reads only the last days with --days, and prints JSON with --json', async () => {
    const gaps = JSON.parse(await run({ json: true, days: 7 })) as {
      gapId: string;
      asked: number;
    }[];
    expect(gaps).toEqual([expect.objectContaining({ gapId: ids[1], asked: 2, status: 'open' })]);
  });
});
