import { randomUUID } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import {
  ContractViolation,
  createEvent,
  decodeEvent,
  encodeEvent,
  encodeValidEvent,
  type EventEnvelope,
  EventRegistry,
  MessageReceived,
} from './index.js';
import { EXAMPLE_PAYLOADS } from './examples.js';

const message = () =>
  createEvent(MessageReceived, EXAMPLE_PAYLOADS['conversation.message_received'] as never, {
    id: randomUUID(),
    occurredAt: '2026-12-02T10:00:00.000Z',
    conversationId: 'conv-1',
    turnId: 'turn-1',
    correlationId: randomUUID(),
  });

describe('encodeValidEvent: the wire bytes of an event, validated once', () => {
  it('gives the bytes encodeEvent gives, which the consumers decode to the same event', () => {
    const event = message();
    const bytes = encodeValidEvent(event);
    expect(bytes).toEqual(encodeEvent(event));
    expect(decodeEvent(bytes)).toEqual(event);
  });

  it('validates again an event changed after createEvent validated it', () => {
    const event = message();
    (event.payload as { text: unknown }).text = 42;
    expect(() => encodeValidEvent(event)).toThrow(ContractViolation);
    const moved = { ...message(), occurredAt: 'yesterday' };
    expect(() => encodeValidEvent(moved)).toThrow(ContractViolation);
  });

  it('validates an event built by hand', () => {
    const valid = JSON.parse(JSON.stringify(message())) as EventEnvelope;
    expect(decodeEvent(encodeValidEvent(valid))).toEqual(valid);
    expect(() => encodeValidEvent({ ...valid, unexpected: 1 } as EventEnvelope)).toThrow(
      /unexpected/,
    );
  });

  it('refuses a type the registry given does not know, even one createEvent validated', () => {
    expect(() => encodeValidEvent(message(), new EventRegistry([]))).toThrow(/Unknown event type/);
  });
});
