import { describe, expect, it } from '@jest/globals';
import {
  ClarificationOffered,
  ClarificationOfferedPayload,
  ContractViolation,
  createEvent,
  decodeEvent,
  encodeValidEvent,
  type EventDefinition,
  EXAMPLE_PAYLOADS,
  type KnownEventType,
  OfferedSectionDto,
  readLegacyPlain,
  RerankRequested,
  RerankRequestedPayload,
  ReplySent,
  ReplySentPayload,
  RetrievalRequested,
  RetrievalRequestedPayload,
  SentenceVerdictDto,
  WhatsAppMessageAccepted,
  WhatsAppMessageAcceptedPayload,
} from '../index.js';
import { personalFieldsOf } from './personal-field.js';

const metadata = {
  id: '00000000-0000-4000-8000-000000000021',
  occurredAt: '2026-12-05T10:00:00.000Z',
  conversationId: 'conv-1',
  correlationId: '00000000-0000-4000-8000-000000000022',
};

const example = (definition: EventDefinition) =>
  structuredClone(EXAMPLE_PAYLOADS[definition.type as KnownEventType]);

/** An event as a producer of the version before personal fields were sealed wrote it. */
const version1 = (definition: EventDefinition, payload: Record<string, unknown>) =>
  JSON.stringify({
    ...metadata,
    type: definition.type,
    version: 1,
    turnId: null,
    causationId: null,
    payload,
  });

/** Each event sealed here, with its example's personal fields replaced by plaintext. */
const cases: {
  definition: EventDefinition;
  field: string;
  plain: (payload: Record<string, unknown>) => Record<string, unknown>;
  read: (payload: Record<string, unknown>) => string[];
}[] = [
  {
    definition: RetrievalRequested,
    field: 'payload.query',
    plain: (p) => ({ ...p, query: 'my order ORD-1001' }),
    read: (p) => [p.query as string],
  },
  {
    definition: RerankRequested,
    field: 'payload.query',
    plain: (p) => ({ ...p, query: 'my order ORD-1001' }),
    read: (p) => [p.query as string],
  },
  {
    definition: ClarificationOffered,
    field: 'payload.question',
    plain: (p) => ({ ...p, question: 'my order ORD-1001 is too tight' }),
    read: (p) => [p.question as string],
  },
  {
    definition: WhatsAppMessageAccepted,
    field: 'payload.text',
    plain: (p) => ({ ...p, text: 'my number is 0551234567' }),
    read: (p) => [p.text as string],
  },
  {
    definition: ReplySent,
    field: 'payload.text',
    plain: (p) => ({ ...p, text: 'Hello Sara, order ORD-1001 ships today.' }),
    read: (p) => [p.text as string],
  },
  {
    definition: ReplySent,
    field: 'payload.draft',
    plain: (p) => ({ ...p, draft: 'Hello Sara' }),
    read: (p) => [p.draft as string],
  },
  {
    definition: ReplySent,
    field: 'payload.validation.sentences[0].text',
    plain: (p) => {
      const validation = p.validation as { sentences: Record<string, unknown>[] };
      const sentence = { ...validation.sentences[0]!, text: 'Hello Sara', problem: 'words: Sara' };
      return { ...p, validation: { ...validation, sentences: [sentence] } };
    },
    read: (p) => {
      const sentence = (p.validation as { sentences: Record<string, unknown>[] }).sentences[0]!;
      return [sentence.text as string, sentence.problem as string];
    },
  },
];

describe('personal fields beyond the customer message', () => {
  it('are declared on the query, the reply, the clarifying question and the WhatsApp text', () => {
    expect([...personalFieldsOf(RetrievalRequestedPayload)]).toEqual([['query', 'text']]);
    expect([...personalFieldsOf(RerankRequestedPayload)]).toEqual([['query', 'text']]);
    expect([...personalFieldsOf(ClarificationOfferedPayload)]).toEqual([['question', 'text']]);
    expect([...personalFieldsOf(OfferedSectionDto)]).toEqual([]);
    expect([...personalFieldsOf(WhatsAppMessageAcceptedPayload)]).toEqual([['text', 'text']]);
    expect([...personalFieldsOf(ReplySentPayload)].sort()).toEqual([
      ['draft', 'text'],
      ['text', 'text'],
    ]);
    expect([...personalFieldsOf(SentenceVerdictDto)].sort()).toEqual([
      ['problem', 'text'],
      ['text', 'text'],
    ]);
  });

  describe.each(cases)('$definition.type: $field', ({ definition, field, plain, read }) => {
    it('refuses plaintext on publish, naming the field', () => {
      expect(() => createEvent(definition, plain(example(definition)) as never, metadata)).toThrow(
        new RegExp(`${field.replace(/[[\].]/g, '\\$&')}: .*personal data`),
      );
    });

    it('refuses plaintext on consume, in an event of the current version', () => {
      const text = JSON.stringify({
        ...JSON.parse(version1(definition, plain(example(definition)))),
        version: definition.version,
      });
      expect(() => decodeEvent(text)).toThrow(ContractViolation);
    });

    it('accepts the sealed example, byte for byte on the consumer side', () => {
      const event = createEvent(definition, example(definition) as never, metadata);
      expect(decodeEvent(encodeValidEvent(event)).payload).toEqual(event.payload);
    });

    it('upcasts version 1 to pd0, which a consumer reads and nobody may publish', () => {
      const old = plain(example(definition));
      const decoded = decodeEvent(version1(definition, old));
      expect(decoded.version).toBe(definition.version);
      expect(read(decoded.payload as Record<string, unknown>).map(readLegacyPlain)).toEqual(
        read(old),
      );
      expect(() =>
        encodeValidEvent({ ...decoded, id: '00000000-0000-4000-8000-000000000023' }),
      ).toThrow(/upcast plaintext \(pd0\) may not be published/);
    });
  });

  it('upcasts a version-1 reply without a draft or a verdict, and a text-less WhatsApp message', () => {
    const reply: Record<string, unknown> = { ...example(ReplySent), text: 'Hi' };
    delete reply.draft;
    delete reply.validation;
    const decodedReply = decodeEvent(version1(ReplySent, reply)).payload as ReplySentPayload;
    expect(readLegacyPlain(decodedReply.text)).toBe('Hi');
    expect(decodedReply.draft).toBeUndefined();
    expect(decodedReply.validation).toBeUndefined();
    const sticker: Record<string, unknown> = {
      ...example(WhatsAppMessageAccepted),
      kind: 'unsupported',
    };
    delete sticker.text;
    delete sticker.media;
    const decoded = decodeEvent(version1(WhatsAppMessageAccepted, sticker))
      .payload as WhatsAppMessageAcceptedPayload;
    expect(decoded.text).toBeUndefined();
  });
});
