import { describe, expect, it } from '@jest/globals';
import {
  causedBy,
  ContractViolation,
  decodeEvent,
  encodeEvent,
  EscalationRaised,
  exampleEvent,
  inheritSynthetic,
  isSynthetic,
  MessageReceived,
} from './index.js';

const meta = (extra: object = {}) => ({
  id: '00000000-0000-4000-8000-000000000001',
  occurredAt: '2026-12-02T10:00:00.000Z',
  conversationId: 'conv-1',
  turnId: 'turn-1',
  correlationId: '00000000-0000-4000-8000-000000000002',
  ...extra,
});

describe('synthetic (evaluation) traffic in the envelope', () => {
  it('is absent from live events, so their bytes are what they were before the field existed', () => {
    const live = exampleEvent(MessageReceived, meta());
    const unmarked = exampleEvent(MessageReceived, meta({ synthetic: false }));
    expect('synthetic' in live).toBe(false);
    expect(new TextDecoder().decode(encodeEvent(unmarked))).toBe(
      new TextDecoder().decode(encodeEvent(live)),
    );
    expect(new TextDecoder().decode(encodeEvent(live))).not.toContain('synthetic');
    expect(isSynthetic(decodeEvent(encodeEvent(live)))).toBe(false);
  });

  it('is written as true on evaluation traffic and survives the wire', () => {
    const synthetic = exampleEvent(MessageReceived, meta({ synthetic: true }));
    expect(synthetic.synthetic).toBe(true);
    const decoded = decodeEvent(encodeEvent(synthetic));
    expect(decoded).toEqual(synthetic);
    expect(isSynthetic(decoded)).toBe(true);
  });

  it('must be a boolean on the wire', () => {
    const plain = { ...exampleEvent(MessageReceived, meta()), synthetic: 'yes' };
    expect(() => decodeEvent(JSON.stringify(plain))).toThrow(ContractViolation);
    expect(() => decodeEvent(JSON.stringify(plain))).toThrow(/synthetic/);
  });

  it('is inherited by what a synthetic event causes, and only then', () => {
    const question = exampleEvent(MessageReceived, meta({ synthetic: true }));
    const lineage = causedBy(question);
    expect(lineage).toEqual({
      conversationId: 'conv-1',
      turnId: 'turn-1',
      causationId: question.id,
      correlationId: question.correlationId,
      synthetic: true,
    });
    const escalation = exampleEvent(EscalationRaised, {
      id: '00000000-0000-4000-8000-000000000003',
      occurredAt: '2026-12-02T10:00:05.000Z',
      ...lineage,
    });
    expect(escalation.synthetic).toBe(true);

    const live = exampleEvent(MessageReceived, meta());
    expect(causedBy(live)).not.toHaveProperty('synthetic');
    expect(inheritSynthetic(live)).toEqual({});
    expect(inheritSynthetic(null)).toEqual({});
    expect(inheritSynthetic({ synthetic: true })).toEqual({ synthetic: true });
  });
});
