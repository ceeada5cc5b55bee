import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ADMIN_CHANNEL, type SlackAdminChannel } from '@support/escalation';
import { FakeSlackApi, messageEventBody, postSignedEvent } from '@support/escalation/testing';
import { eventually } from '@support/testing';
import {
  ask,
  startSupportStack,
  type SupportStack,
  fakeSlackEnv,
} from './support/support-stack.js';

const SECRET = 'slack-signing-secret-for-tests';
const CHANNEL = 'C0SUPPORT';

describe('human handoff in a Slack thread, end to end', () => {
  let slack: FakeSlackApi;
  let stack: SupportStack;
  let eventsUrl: string;

  beforeAll(async () => {
    slack = await FakeSlackApi.start();
    stack = await startSupportStack({
      escalation: true,
      env: {
        ...fakeSlackEnv({
          apiUrl: slack.apiUrl,
          channel: CHANNEL,
          signingSecret: SECRET,
          adminUserIds: 'UADMIN01',
        }),
      },
    });
    eventsUrl = stack.escalation!.app.get<SlackAdminChannel>(ADMIN_CHANNEL).eventsUrl!;
  }, 90_000);

  afterAll(async () => {
    await stack?.close();
    await slack?.stop();
  }, 60_000);

  it('opens a thread, appends later customer messages, and an admin reply in it reaches the customer', async () => {
    const { socket, conversationId } = await stack.connect('cust-slack');
    const question = 'Do you give a discount if I order 50 abayas for my boutique?';
    const { reply } = await ask(socket, question);
    expect(reply.kind).toBe('abstention');

    const opening = await eventually(
      () => slack.posted.find((p) => p.text.includes(question)) ?? false,
      15_000,
    );
    expect(opening.channel).toBe(CHANNEL);
    expect(opening.text).toContain('below_score_floor');

    const held = await ask(socket, 'It is urgent, the wedding is next week');
    expect(held.reply.kind).toBe('holding');
    const appended = await eventually(
      () => slack.posted.find((p) => p.text.includes('the wedding is next week')) ?? false,
      15_000,
    );
    expect(appended.threadTs).toBe(opening.ts);

    const from = socket.frames.length;
    const answer =
      'Hi! Bulk orders for boutiques go through our B2B desk; I have asked them to call you today.';
    const delivery = messageEventBody('EvHANDOFF1', {
      channel: CHANNEL,
      user: 'UADMIN01',
      text: answer,
      ts: '1800000000.000200',
      thread_ts: opening.ts,
      client_msg_id: 'c0ffee00-0000-4000-8000-000000000001',
    });
    expect(await postSignedEvent(eventsUrl, SECRET, delivery)).toBe(200);
    // Slack retries the same delivery: the customer still gets one reply.
    expect(await postSignedEvent(eventsUrl, SECRET, delivery, { retryNum: 1 })).toBe(200);
    expect(
      await socket.next((f) => f.type === 'reply' && f.kind === 'human', 15_000, from),
    ).toMatchObject({ text: answer });
    await eventually(async () => !(await stack.conversations().isPaused(conversationId)), 15_000);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(
      socket.frames.slice(from).filter((f) => f.type === 'reply' && f.kind === 'human'),
    ).toHaveLength(1);
    socket.close();
  });

  it('refuses a correctly signed admin reply timestamped an hour ahead (issue 30); the customer gets nothing', async () => {
    const { socket } = await stack.connect('cust-slack-future');
    const question = 'Can I get a discount for 80 abayas for my shop in Doha?';
    expect((await ask(socket, question)).reply.kind).toBe('abstention');
    const opening = await eventually(
      () => slack.posted.find((p) => p.text.includes(question)) ?? false,
      15_000,
    );
    const from = socket.frames.length;
    const delivery = messageEventBody('EvFUTURE01', {
      channel: CHANNEL,
      user: 'UADMIN01',
      text: 'Yes, 90% off, pay by bank transfer to this account.',
      ts: '1800000000.000300',
      thread_ts: opening.ts,
      client_msg_id: 'c0ffee00-0000-4000-8000-0000000000f1',
    });
    const anHourAhead = Math.floor(Date.now() / 1000) + 3600;
    expect(await postSignedEvent(eventsUrl, SECRET, delivery, { timestampSec: anHourAhead })).toBe(
      401,
    );
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect(socket.frames.slice(from).filter((f) => f.type === 'reply')).toEqual([]);
    socket.close();
  });
});
