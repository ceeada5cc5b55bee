import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { BusConnection, OPS_USER, readEventLog } from '@support/bus';
import { MessageReceived, ReplySent } from '@support/contracts';
import { ConversationReader, forgetCustomer, TurnTraceReader } from '@support/persistence';
import { ERASED_TEXT, PersonalData } from '@support/privacy';
import { eventually } from '@support/testing';
import { DataSource } from 'typeorm';
import { ask, startSupportStack, type SupportStack } from './support/support-stack.js';

const WORDS = 'Where is my order ORD-1001? Call me on 0551234567';

describe('forgetting a customer after a chat, through every service of the turn', () => {
  let stack: SupportStack;
  beforeAll(async () => {
    stack = await startSupportStack();
  });
  afterAll(() => stack.close());

  it('erases what they wrote from the log, the history, the trace and the checkpoints', async () => {
    const { socket, conversationId } = await stack.connect('cust-forget-chat');
    await ask(socket, WORDS);
    socket.close();
    const dataSource = stack.gateway.app.get(DataSource);
    const personalData = stack.gateway.app.get(PersonalData);
    const threads = async () =>
      (
        await dataSource.query(
          'SELECT count(*)::int AS n FROM agent_checkpoints.checkpoints WHERE thread_id = $1',
          [conversationId],
        )
      )[0].n as number;
    // The agent writes its last checkpoint of the turn as the reply goes out, not before it.
    await eventually(async () => (await threads()) > 0);
    const history = () => new ConversationReader(dataSource, personalData).history(conversationId);
    await eventually(async () => (await history())[0]?.text === WORDS);

    // The log never held the words: the message, the query and the reply are sealed.
    const bus = await BusConnection.open(stack.busOptions(OPS_USER));
    const { events } = await readEventLog(bus).finally(() => bus.close());
    const logged = events.filter((e) => e.conversationId === conversationId);
    expect(logged.filter((e) => e.type === MessageReceived.type)).toHaveLength(1);
    const replies = logged.filter((e) => e.type === ReplySent.type);
    expect(replies.length).toBeGreaterThan(0);
    // Escalation events are sealed apart (docs/privacy.md); none is raised for this turn.
    expect(logged.filter((e) => e.type.startsWith('escalation.'))).toEqual([]);
    expect(JSON.stringify(logged)).not.toContain('0551234567');
    expect(JSON.stringify(logged)).not.toContain('ORD-1001');

    await forgetCustomer(
      {
        dataSource,
        personalData,
        publish: (event) => stack.publisher.publish(event),
        now: () => new Date(),
      },
      { customerId: 'cust-forget-chat', requestedBy: 'cli', reason: 'request' },
    );
    await eventually(async () => (await history())[0]?.text === ERASED_TEXT, 15_000);
    // The reply was sealed under the customer's key: it reads erased as well.
    expect((await history()).slice(1).map((m) => m.text)).toEqual(replies.map(() => ERASED_TEXT));
    await eventually(async () => (await threads()) === 0, 15_000);
    const [trace] = await stack.gateway.app.get(TurnTraceReader).ofConversation(conversationId);
    expect(trace!.customerMessage).toBe(ERASED_TEXT);
    expect(trace!.reply).toBe(ERASED_TEXT);
  });
});
