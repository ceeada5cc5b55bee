import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { newEventId } from '@support/bus';
import {
  createEvent,
  CustomerForgotten,
  type EventEnvelope,
  EXAMPLE_PAYLOADS,
  MessageReceived,
  ReplySent,
} from '@support/contracts';
import { ERASED_TEXT, PersonalData, PostgresCustomerKeyStore } from '@support/privacy';
import { eventually } from '@support/testing';
import { randomBytes } from 'node:crypto';
import { conversationsProjection } from '../projections/conversations/conversations.projection.js';
import { ConversationReader } from '../projections/conversations/conversation-reader.js';
import { replayFromStart } from '../replay/replay.js';
import { dumpTable } from '../table-dump.js';
import { type ProjectionHarness, startProjectionHarness } from '../testing/projection-harness.js';
import { exportCustomer } from './export-customer.js';
import { forgetCustomer } from './forget-customer.js';
import { forgetPastRetention } from './retention.js';

const WORDS = 'my number is 0551234567 and I live in Al Narjis';
const TABLES = [...conversationsProjection.tables, 'processed_events'];

describe('forgetting a customer', () => {
  let harness: ProjectionHarness;
  let personalData: PersonalData;
  let forgotten: EventEnvelope | undefined;

  beforeAll(async () => {
    harness = await startProjectionHarness('forget-test');
    personalData = new PersonalData(
      new PostgresCustomerKeyStore(harness.dataSource),
      randomBytes(32),
    );
  });

  afterAll(() => harness.close());

  /** A turn of `customerId`: their message (sealed, with a photo) and the agent's reply. */
  async function turn(customerId: string, conversationId: string, minute: number) {
    const turnId = newEventId();
    const meta = (second: number) => ({
      id: newEventId(),
      occurredAt: new Date(Date.UTC(2026, 11, 5, 9, minute, second)).toISOString(),
      conversationId,
      turnId,
      correlationId: turnId,
    });
    const photo = randomBytes(64);
    const message = createEvent(
      MessageReceived,
      {
        messageId: newEventId(),
        customerId,
        text: await personalData.sealText(customerId, `${WORDS} (${customerId})`),
        attachments: [
          {
            attachmentId: newEventId(),
            mimeType: 'image/png',
            fileName: await personalData.sealText(customerId, 'my-door.png'),
            sizeBytes: photo.length,
            sha256: 'a'.repeat(64),
            dataBase64: await personalData.sealBytes(customerId, photo),
          },
        ],
        channel: 'web',
      },
      meta(0),
    );
    const reply = createEvent(
      ReplySent,
      { ...EXAMPLE_PAYLOADS['agent.reply_sent'], customerId, replyId: newEventId() } as never,
      meta(2),
    );
    return [message, reply];
  }

  it('erases the customer in the rows, keeps every count, and a replay rebuilds the same bytes', async () => {
    const { publisher, deliveries, dataSource } = harness;
    await harness.runWithLostAcks(conversationsProjection);
    const events = [
      ...(await turn('cust-forget', 'conv-f1', 0)),
      ...(await turn('cust-forget', 'conv-f2', 1)),
      ...(await turn('cust-kept', 'conv-k1', 2)),
    ];
    for (const event of events) await publisher.publish(event);
    await eventually(
      () => expect([...deliveries.values()].filter((n) => n >= 2)).toHaveLength(events.length),
      30_000,
    );
    const countsBefore = await dumpTable(dataSource, 'turn_counts_daily');
    const reader = new ConversationReader(dataSource, personalData);
    expect((await reader.history('conv-f1'))[0]!.text).toBe(`${WORDS} (cust-forget)`);
    // Right of access: everything held, opened.
    const exported = await exportCustomer(dataSource, personalData, 'cust-forget');
    expect(exported.conversations.map((c) => c.conversationId)).toEqual(['conv-f1', 'conv-f2']);
    expect(exported.conversations[0]!.messages[0]!.text).toBe(`${WORDS} (cust-forget)`);
    expect(exported.conversations[0]!.messages[0]!.attachments[0]!.fileName).toBe('my-door.png');
    expect(exported.dataKeys).toEqual([
      { keyId: expect.any(String), createdAt: expect.any(String), destroyedAt: null },
    ]);

    forgotten = await forgetCustomer(
      {
        dataSource,
        personalData,
        publish: (event) => publisher.publish(event),
        now: () => new Date(Date.UTC(2026, 11, 5, 10)),
      },
      { customerId: 'cust-forget', requestedBy: 'cli', reason: 'request' },
    );
    expect(forgotten.payload).toMatchObject({
      customerId: 'cust-forget',
      conversationIds: ['conv-f1', 'conv-f2'],
      keyIds: [expect.any(String)],
    });
    await eventually(() => expect(deliveries.get(forgotten!.id)).toBeGreaterThanOrEqual(2), 30_000);

    // The rows hold "[erased]", not even the ciphertext; the other customer is untouched.
    const stored: { text: string; file: string }[] = await dataSource.query(
      `SELECT m.text, m.attachments->0->>'fileName' AS file FROM messages m
       JOIN conversations c ON c.id = m.conversation_id
       WHERE c.customer_id = 'cust-forget' AND m.role = 'customer'`,
    );
    expect(stored).toEqual([
      { text: ERASED_TEXT, file: ERASED_TEXT },
      { text: ERASED_TEXT, file: ERASED_TEXT },
    ]);
    expect((await reader.history('conv-k1'))[0]!.text).toBe(`${WORDS} (cust-kept)`);
    // Opening what the log still holds says erased, never throws.
    expect(await personalData.openText(String(events[0]!.payload.text))).toEqual({
      kind: 'erased',
    });
    expect(await dumpTable(dataSource, 'turn_counts_daily')).toEqual(countsBefore);
    const afterwards = await exportCustomer(dataSource, personalData, 'cust-forget');
    expect(afterwards.conversations[0]!.messages[0]!.text).toBe(ERASED_TEXT);
    expect(afterwards.dataKeys[0]!.destroyedAt).toEqual(expect.any(String));

    // Forgetting again changes nothing and publishes the same event (deduplicated).
    const again = await forgetCustomer(
      {
        dataSource,
        personalData,
        publish: (event) => publisher.publish(event),
        now: () => new Date(),
      },
      { customerId: 'cust-forget', requestedBy: 'cli', reason: 'request' },
    );
    expect(again.id).toBe(forgotten.id);

    const live = await Promise.all(TABLES.map((t) => dumpTable(dataSource, t)));
    await harness.stopLive();
    await replayFromStart(harness.bus, dataSource, [conversationsProjection]);
    expect(await Promise.all(TABLES.map((t) => dumpTable(dataSource, t)))).toEqual(live);
  });

  it('erases a message folded after the forgetting (live order differs from the log)', async () => {
    const { dataSource } = harness;
    // The message of the forgotten customer from before the forgetting, folded again last.
    const late = { ...(await turn('cust-forget', 'conv-f3', 3))[0]!, id: newEventId() };
    await dataSource.transaction((manager) =>
      conversationsProjection.apply(manager, [forgotten!, late]),
    );
    await dataSource.transaction((manager) => conversationsProjection.apply(manager, [late]));
    const [row] = await dataSource.query(
      `SELECT text FROM messages WHERE conversation_id = 'conv-f3'`,
    );
    expect(row.text).toBe(ERASED_TEXT);
    // A message sent after the forgetting (the customer came back) is theirs to keep.
    const after = createEvent(
      MessageReceived,
      {
        messageId: newEventId(),
        customerId: 'cust-forget',
        text: await personalData.sealText('cust-forget', 'hello again'),
        attachments: [],
        channel: 'web',
      },
      {
        id: newEventId(),
        occurredAt: new Date(Date.UTC(2026, 11, 5, 11)).toISOString(),
        conversationId: 'conv-f4',
        turnId: newEventId(),
        correlationId: newEventId(),
      },
    );
    await dataSource.transaction((manager) => conversationsProjection.apply(manager, [after]));
    const reader = new ConversationReader(dataSource, personalData);
    expect((await reader.history('conv-f4'))[0]!.text).toBe('hello again');
    expect(CustomerForgotten.type).toBe(forgotten!.type);
  });

  it('retention forgets the customers quiet for longer than RETENTION_DAYS, once', async () => {
    const { dataSource, publisher } = harness;
    const published: EventEnvelope[] = [];
    const parts = {
      dataSource,
      personalData,
      publish: async (event: EventEnvelope) => {
        published.push(event);
        await publisher.publish(event);
      },
      // conv-k1 (cust-kept) was last active 2026-12-05 09:02; cust-forget came back at 11:00.
      now: () => new Date(Date.UTC(2026, 11, 12, 10)),
    };
    expect(await forgetPastRetention(parts, 30)).toEqual([]);
    expect(await forgetPastRetention(parts, 7)).toEqual(['cust-kept']);
    expect(published.map((e) => e.payload)).toEqual([
      expect.objectContaining({
        customerId: 'cust-kept',
        reason: 'retention',
        requestedBy: 'retention',
      }),
    ]);
    await dataSource.transaction((manager) =>
      conversationsProjection.apply(manager, [published[0]!]),
    );
    expect(await forgetPastRetention(parts, 7)).toEqual([]);
  });
});
