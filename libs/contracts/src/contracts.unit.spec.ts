import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from '@jest/globals';
import {
  ALL_EVENTS,
  ContractViolation,
  createEvent,
  decodeEvent,
  defineEvent,
  encodeEvent,
  EventRegistry,
  MessageReceived,
  UnsupportedEventVersion,
  type EventDefinition,
} from './index.js';
import { ASYNCAPI_PATH, renderAsyncApi } from './asyncapi/write-asyncapi.js';
import { EXAMPLE_PAYLOADS as validPayloads } from './examples.js';
import { IsString, Length } from 'class-validator';

function meta() {
  return {
    id: randomUUID(),
    occurredAt: '2026-12-02T10:00:00.000Z',
    conversationId: 'conv-1',
    turnId: 'turn-1',
    causationId: null,
    correlationId: randomUUID(),
  };
}

describe('event contracts', () => {
  it('has a valid example payload for every event type', () => {
    expect(Object.keys(validPayloads).sort()).toEqual(ALL_EVENTS.map((d) => d.type).sort());
  });

  it.each(ALL_EVENTS.map((d) => [d.type, d] as const))(
    '%s round-trips through the wire',
    (_type, definition) => {
      const event = createEvent(
        definition as EventDefinition,
        validPayloads[definition.type] as object,
        meta(),
      );
      const decoded = decodeEvent(encodeEvent(event));
      expect(decoded).toEqual(event);
      expect(decoded.version).toBe(definition.version);
      expect(definition.subject).toBe(`support.${definition.type}`);
    },
  );

  it('rejects an invalid payload with a message naming the field', () => {
    const payload = { ...validPayloads['conversation.message_received'], customerId: 42 };
    expect(() => createEvent(MessageReceived, payload as never, meta())).toThrow(
      /payload\.customerId/,
    );
  });

  it('names nested fields by their path', () => {
    const base = validPayloads['conversation.message_received'] as { attachments: object[] };
    const payload = { ...base, attachments: [{ ...base.attachments[0], mimeType: 'text/html' }] };
    expect(() => createEvent(MessageReceived, payload as never, meta())).toThrow(
      /payload\.attachments\[0\]\.mimeType/,
    );
  });

  it('rejects unknown payload properties', () => {
    const payload = { ...validPayloads['conversation.message_received'], sneaky: true };
    expect(() => createEvent(MessageReceived, payload as never, meta())).toThrow(/payload\.sneaky/);
  });

  it('rejects a bad envelope, unknown types and non-JSON on decode', () => {
    const event = createEvent(
      MessageReceived,
      validPayloads['conversation.message_received'] as never,
      meta(),
    );
    expect(() => decodeEvent(JSON.stringify({ ...event, id: 'nope' }))).toThrow(
      /id must be a UUID/,
    );
    expect(() => decodeEvent(JSON.stringify({ ...event, type: 'nothing.here' }))).toThrow(
      ContractViolation,
    );
    expect(() => decodeEvent('{not json')).toThrow(/not valid UTF-8 JSON/);
    expect(() => decodeEvent(new Uint8Array([0xff, 0xfe]))).toThrow(ContractViolation);
  });

  it('upcasts old versions once at decode and refuses versions from the future', () => {
    class GreetingV2 {
      @IsString()
      @Length(1, 100)
      fullName!: string;
    }
    const Greeting = defineEvent({
      type: 'test.greeted',
      version: 2,
      payload: GreetingV2,
      summary: 'test',
      upcasters: { 1: (p) => ({ fullName: `${String(p.first)} ${String(p.last)}` }) },
    });
    const registry = new EventRegistry([Greeting]);
    const v1 = {
      ...meta(),
      type: 'test.greeted',
      version: 1,
      payload: { first: 'Mona', last: 'Saleh' },
    };
    expect(decodeEvent(JSON.stringify(v1), registry)).toMatchObject({
      version: 2,
      payload: { fullName: 'Mona Saleh' },
    });
    expect(() => decodeEvent(JSON.stringify({ ...v1, version: 3 }), registry)).toThrow(
      UnsupportedEventVersion,
    );
  });

  it('keeps the committed AsyncAPI document in step with the classes', () => {
    // Regenerate with `npm run asyncapi` after changing a contract.
    expect(readFileSync(ASYNCAPI_PATH, 'utf8')).toBe(renderAsyncApi());
  });
});
