import { crc32 } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { BusConnection, OPS_USER } from '@support/bus';
import { ADMIN_CHANNEL, type SlackAdminChannel } from '@support/escalation';
import { FakeSlackApi, messageEventBody, postSignedEvent } from '@support/escalation/testing';
import { TokenService } from '@support/gateway';
import {
  ALL_PROJECTIONS,
  ConversationReader,
  dumpTable,
  exportCustomer,
  openDatabase,
  replayFromStart,
} from '@support/persistence';
import type { StartedService } from '@support/platform';
import { ERASED_TEXT, PersonalData } from '@support/privacy';
import { eventually, ONE_PIXEL_PNG } from '@support/testing';
import { DataSource } from 'typeorm';
import {
  type Finding,
  needlesOf,
  scanDatabase,
  scanStreams,
  scanTexts,
} from './support/personal-data-scan.js';
import {
  ask,
  fakeSlackEnv,
  sendMessage,
  startSupportStack,
  type SupportStack,
  TOKEN_SECRET,
} from './support/support-stack.js';
import { startClassifier } from './support/classifier-service.js';

const SECRET = 'slack-signing-secret-for-tests';
const CHANNEL = 'C0SUPPORT';
const CUSTOMER = 'cust-forget-everywhere';
const PHRASE = 'marmalade-heron velvet';
const PHONE = '055 918 2734';
const QUESTION =
  `Do you give a discount if I order 50 abayas for my boutique? Ask for ${PHRASE}, ` +
  `call me on ${PHONE}`;
const CAPTION = `the ${PHRASE} sample, torn`;
const PHOTO_MARK = Buffer.from('PHOTO-7c1e-distinctive-bytes-of-the-customer');

/** The 1×1 PNG with a text chunk holding bytes nothing else in the system holds. */
function distinctivePhoto(): Buffer {
  const type = Buffer.from('tEXt');
  const body = Buffer.concat([Buffer.from('Comment\0'), PHOTO_MARK]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(body.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([type, body])) >>> 0);
  const iend = ONE_PIXEL_PNG.length - 12;
  return Buffer.concat([
    ONE_PIXEL_PNG.subarray(0, iend),
    length,
    type,
    body,
    crc,
    ONE_PIXEL_PNG.subarray(iend),
  ]);
}

const where = (findings: readonly Finding[]) => findings.map((f) => `${f.needle} in ${f.where}`);

describe('acceptance: a forgotten customer is nowhere (log bytes, every table, checkpoints, Slack)', () => {
  let slack: FakeSlackApi;
  let stack: SupportStack;
  let classifier: StartedService;
  let bus: BusConnection;
  const tokens = new TokenService(TOKEN_SECRET, { now: () => new Date() });

  beforeAll(async () => {
    slack = await FakeSlackApi.start();
    stack = await startSupportStack({
      escalation: true,
      env: fakeSlackEnv({
        apiUrl: slack.apiUrl,
        channel: CHANNEL,
        signingSecret: SECRET,
        adminUserIds: 'UADMIN01',
      }),
    });
    // The classifier labels the escalation from its (sealed) transcript.
    classifier = await startClassifier(stack);
    bus = await BusConnection.open(stack.busOptions(OPS_USER));
  }, 120_000);

  afterAll(async () => {
    await bus?.close();
    await classifier?.app.close();
    await stack?.close();
    await slack?.stop();
  }, 60_000);

  /** Every durable consumer of the stream has nothing left to deliver or to be acked. */
  const settled = () =>
    eventually(async () => {
      for await (const consumer of bus.jsm.consumers.list(bus.options.stream))
        if (consumer.num_pending > 0 || consumer.num_ack_pending > 0) return false;
      return true;
    }, 30_000);

  it('chat, photo, handoff, Slack reply, forget: no trace of them; replay equals live; counts kept', async () => {
    const dataSource = stack.gateway.app.get(DataSource);
    const personalData = stack.gateway.app.get(PersonalData);
    const eventsUrl = stack.escalation!.app.get<SlackAdminChannel>(ADMIN_CHANNEL).eventsUrl!;

    // The customer writes (the turn escalates), then sends a photo while they wait.
    const { socket, conversationId } = await stack.connect(CUSTOMER);
    const { reply } = await ask(socket, QUESTION);
    expect(reply.kind).toBe('abstention');
    const opening = await eventually(
      () => slack.posted.find((p) => p.text.includes(PHRASE) && !p.threadTs) ?? false,
      15_000,
    );
    const photo = distinctivePhoto();
    const from = socket.frames.length;
    socket.send({
      type: 'attachment',
      clientMessageId: 'photo-1',
      fileName: `${PHRASE}.png`,
      mimeType: 'image/png',
      dataBase64: photo.toString('base64'),
      text: CAPTION,
    });
    await socket.next((f) => f.type === 'ack' && f.clientMessageId === 'photo-1', 15_000, from);
    await eventually(() => slack.posted.some((p) => p.text.includes(CAPTION)), 15_000);

    // An admin answers in the Slack thread, repeating the number; the customer gets it.
    const answer = `Hi! Our B2B desk will call you on ${PHONE} today.`;
    const delivery = messageEventBody('EvFORGET01', {
      channel: CHANNEL,
      user: 'UADMIN01',
      text: answer,
      ts: '1800000000.000900',
      thread_ts: opening.ts,
      client_msg_id: 'c0ffee00-0000-4000-8000-0000000000a1',
    });
    const beforeAnswer = socket.frames.length;
    expect(await postSignedEvent(eventsUrl, SECRET, delivery)).toBe(200);
    await socket.next((f) => f.type === 'reply' && f.kind === 'human', 15_000, beforeAnswer);
    await sendMessage(socket, 'thank you');
    socket.close();
    await settled();

    const analyst = await tokens.issue({ subject: 'analyst-1', role: 'analyst' });
    const dashboard = async () => {
      const response = await fetch(`${stack.gateway.url}/dashboard/data?days=7`, {
        headers: { authorization: `Bearer ${analyst}` },
      });
      expect(response.status).toBe(200);
      // The backlog quotes the customer (read opened): the counts are what must not move.
      const data = (await response.json()) as { backlog: { questions: string[] }[] };
      return { ...data, backlog: data.backlog.map((b) => ({ ...b, questions: [] })) };
    };
    const countsBefore = await dashboard();
    const history = () => new ConversationReader(dataSource, personalData).history(conversationId);
    expect((await history())[0]!.text).toBe(QUESTION);
    // Right of access (`cli export`): the escalation raised for them, opened.
    const exported = () => exportCustomer(dataSource, personalData, CUSTOMER);
    expect((await exported()).escalations.map((e) => e.question)).toEqual([QUESTION]);

    // The admin forgets the customer.
    const admin = await tokens.issue({ subject: 'admin-huda', role: 'admin' });
    const forgotten = await fetch(`${stack.gateway.url}/admin/customers/${CUSTOMER}/forget`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(forgotten.status).toBe(200);
    await eventually(async () => (await history())[0]!.text === ERASED_TEXT, 15_000);
    await eventually(
      async () =>
        (
          await dataSource.query(
            'SELECT count(*)::int AS n FROM agent_checkpoints.checkpoints WHERE thread_id = $1',
            [conversationId],
          )
        )[0].n === 0,
      15_000,
    );
    await eventually(
      () => slack.stored.find((m) => m.ts === opening.ts)?.text.includes('erased') ?? false,
      15_000,
    );
    await settled();
    expect(await dashboard()).toEqual(countsBefore);
    expect((await exported()).escalations.map((e) => e.question)).toEqual([ERASED_TEXT]);

    // A replay of the whole log into a shadow schema ends in the bytes the live rows hold.
    const shadow = await openDatabase({ url: stack.database.url, schema: 'forget_replay' });
    try {
      const result = await replayFromStart(bus, shadow, ALL_PROJECTIONS);
      expect(result.failed).toEqual([]);
      for (const table of ALL_PROJECTIONS.flatMap((p) => p.tables))
        expect([table, await dumpTable(shadow, table)]).toEqual([
          table,
          await dumpTable(dataSource, table),
        ]);
    } finally {
      await shadow.destroy();
    }

    // The scan: what they wrote (the phrase, the number as written and as digits, the file name)
    // and the photo's bytes, in every form storage can hold them.
    const needles = [
      ...needlesOf('phrase', Buffer.from(PHRASE)),
      ...needlesOf('phone', Buffer.from(PHONE)),
      ...needlesOf('phone digits', Buffer.from(PHONE.replace(/\D/g, ''))),
      ...needlesOf('photo mark', PHOTO_MARK),
      { name: 'photo (base64)', bytes: Buffer.from(photo.toString('base64')) },
    ];
    const stream = await scanStreams(bus, needles);
    const tables = await scanDatabase(dataSource, needles);
    const slackFindings = scanTexts(
      slack.stored.map((m) => ({ where: `slack ${m.channel} ${m.ts}`, text: m.text })),
      needles,
    );
    // Something was scanned: the log, the tables (the agent's checkpoint tables among them).
    expect(stream.messages).toBeGreaterThan(20);
    expect(tables.rows).toBeGreaterThan(20);
    const findings = [...stream.findings, ...tables.findings, ...slackFindings];
    expect(where(findings)).toEqual([]);
  });
});
