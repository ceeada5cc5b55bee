import { describe, expect, it } from '@jest/globals';
import { createEvent, decodeEvent, encodeValidEvent } from '../codec.js';
import { ContractViolation } from '../contract-error.js';
import { EXAMPLE_PAYLOADS } from '../examples.js';
import {
  MessageReceived,
  MessageReceivedPayload,
} from '../events/conversation/message-received.event.js';
import { AttachmentDto } from '../events/conversation/message-received.event.js';
import { buildAsyncApiDocument } from '../asyncapi/build-asyncapi.js';
import {
  EscalationRaised,
  EscalationRaisedPayload,
  TranscriptEntryDto,
} from '../events/escalation/escalation-raised.event.js';
import { AdminReplied, AdminRepliedPayload } from '../events/escalation/admin-replied.event.js';
import { DraftCreated, DraftCreatedPayload } from '../events/kb/draft-created.event.js';
import { personalFieldsOf } from './personal-field.js';
import { isLegacyPlain, legacyPlain, readLegacyPlain } from './sealed-format.js';

const metadata = {
  id: '00000000-0000-4000-8000-000000000011',
  occurredAt: '2026-12-05T10:00:00.000Z',
  conversationId: 'conv-1',
  correlationId: '00000000-0000-4000-8000-000000000012',
};
const sealedExample = EXAMPLE_PAYLOADS[
  'conversation.message_received'
] as unknown as MessageReceivedPayload;

describe('personal fields', () => {
  it('are declared on the message a customer sends: its text, file names and photos', () => {
    expect([...personalFieldsOf(MessageReceivedPayload)]).toEqual([['text', 'text']]);
    expect([...personalFieldsOf(AttachmentDto)].sort()).toEqual([
      ['dataBase64', 'bytes'],
      ['fileName', 'text'],
    ]);
  });

  it('refuses plaintext in a personal field on publish, naming the field', () => {
    expect(() =>
      createEvent(MessageReceived, { ...sealedExample, text: 'my phone is 0551234567' }, metadata),
    ).toThrow(/payload\.text: .*personal data/);
    const photo = { ...sealedExample.attachments[0]!, dataBase64: 'AAEC' };
    expect(() =>
      createEvent(MessageReceived, { ...sealedExample, attachments: [photo] }, metadata),
    ).toThrow(/payload\.attachments\[0\]\.dataBase64/);
  });

  it('accepts sealed values, and the same bytes decode on the consumer side', () => {
    const event = createEvent(MessageReceived, sealedExample, metadata);
    expect(decodeEvent(encodeValidEvent(event)).payload).toEqual(event.payload);
  });

  it('upcasts an old event’s plaintext to pd0, which a consumer may read but nobody may publish', () => {
    const version1 = {
      ...metadata,
      type: MessageReceived.type,
      version: 1,
      turnId: null,
      causationId: null,
      payload: {
        ...sealedExample,
        text: 'old words',
        attachments: [{ ...sealedExample.attachments[0]!, fileName: 'a.png', dataBase64: 'AAEC' }],
      },
    };
    const decoded = decodeEvent(JSON.stringify(version1)).payload as MessageReceivedPayload;
    expect(readLegacyPlain(decoded.text)).toBe('old words');
    expect(readLegacyPlain(decoded.attachments[0]!.dataBase64)).toBe('AAEC');
    expect(() => createEvent(MessageReceived, decoded, metadata)).toThrow(ContractViolation);
    expect(() => encodeValidEvent({ ...version1, version: 2, payload: decoded })).toThrow(
      /upcast plaintext \(pd0\) may not be published/,
    );
    expect(isLegacyPlain(legacyPlain(''))).toBe(true);
  });

  it('are declared on an escalation (question, transcript lines, orders) and an admin reply', () => {
    expect([...personalFieldsOf(EscalationRaisedPayload)].sort()).toEqual([
      ['ordersMentioned', 'text'],
      ['question', 'text'],
    ]);
    expect([...personalFieldsOf(TranscriptEntryDto)]).toEqual([['text', 'text']]);
    expect([...personalFieldsOf(AdminRepliedPayload)]).toEqual([['text', 'text']]);
    const raised = EXAMPLE_PAYLOADS['escalation.raised'] as unknown as EscalationRaisedPayload;
    expect(() =>
      createEvent(EscalationRaised, { ...raised, ordersMentioned: ['ORD-1001'] }, metadata),
    ).toThrow(/payload\.ordersMentioned/);
    expect(() =>
      createEvent(
        EscalationRaised,
        {
          ...raised,
          transcript: [{ role: 'customer', text: 'call 0551234567', at: metadata.occurredAt }],
        },
        metadata,
      ),
    ).toThrow(/payload\.transcript\[0\]\.text/);
    expect(() =>
      createEvent(
        AdminReplied,
        {
          ...EXAMPLE_PAYLOADS['escalation.admin_replied'],
          text: 'Your order ships today',
        } as never,
        metadata,
      ),
    ).toThrow(/payload\.text/);
  });

  it('upcasts version 1 of an escalation and an admin reply to pd0', () => {
    const envelope = (type: string, payload: Record<string, unknown>) =>
      JSON.stringify({ ...metadata, type, version: 1, turnId: null, causationId: null, payload });
    const raised = decodeEvent(
      envelope(EscalationRaised.type, {
        ...EXAMPLE_PAYLOADS['escalation.raised'],
        question: 'old question',
        transcript: [{ role: 'customer', text: 'old line', at: metadata.occurredAt }],
        ordersMentioned: ['ORD-7'],
      }),
    ).payload as EscalationRaisedPayload;
    expect(readLegacyPlain(raised.question)).toBe('old question');
    expect(readLegacyPlain(raised.transcript[0]!.text)).toBe('old line');
    expect(raised.ordersMentioned.map((o) => readLegacyPlain(o))).toEqual(['ORD-7']);
    const replied = decodeEvent(
      envelope(AdminReplied.type, {
        ...EXAMPLE_PAYLOADS['escalation.admin_replied'],
        text: 'old reply',
      }),
    ).payload as AdminRepliedPayload;
    expect(readLegacyPlain(replied.text)).toBe('old reply');
    expect(() => createEvent(AdminReplied, replied, metadata)).toThrow(ContractViolation);
  });

  it('are declared on a draft: its first title and each example, a customer’s question each', () => {
    expect([...personalFieldsOf(DraftCreatedPayload)].sort()).toEqual([
      ['examples', 'text'],
      ['title', 'text'],
    ]);
    const draft = EXAMPLE_PAYLOADS['kb.draft_created'] as unknown as DraftCreatedPayload;
    expect(() =>
      createEvent(DraftCreated, { ...draft, examples: ['Can I return it?'] }, metadata),
    ).toThrow(/payload\.examples/);
    const version1 = decodeEvent(
      JSON.stringify({
        ...metadata,
        type: DraftCreated.type,
        version: 1,
        turnId: null,
        causationId: null,
        payload: { ...draft, title: 'Gift returns?', examples: ['Gift returns?', 'No receipt?'] },
      }),
    ).payload as DraftCreatedPayload;
    expect(readLegacyPlain(version1.title)).toBe('Gift returns?');
    expect(version1.examples.map((e) => readLegacyPlain(e))).toEqual([
      'Gift returns?',
      'No receipt?',
    ]);
  });

  it('are marked x-personal in the AsyncAPI document', () => {
    const schemas = (
      buildAsyncApiDocument() as {
        components: {
          schemas: Record<string, { properties: Record<string, Record<string, unknown>> }>;
        };
      }
    ).components.schemas;
    expect(schemas.MessageReceivedPayload!.properties.text!['x-personal']).toBe('text');
    expect(schemas.AttachmentDto!.properties.dataBase64!['x-personal']).toBe('bytes');
    expect(schemas.MessageReceivedPayload!.properties.channel!['x-personal']).toBeUndefined();
  });
});
