import { describe, expect, it } from '@jest/globals';
import {
  exampleEvent,
  MessageReceived,
  RetrievalCompleted,
  EXAMPLE_PAYLOADS,
} from '@support/contracts';
import { createFollowUp } from './follow-up.js';

const question = (synthetic: boolean) =>
  exampleEvent(MessageReceived, {
    id: '00000000-0000-4000-8000-000000000001',
    occurredAt: '2026-12-02T10:00:00.000Z',
    conversationId: 'conv-1',
    turnId: 'turn-1',
    correlationId: '00000000-0000-4000-8000-000000000002',
    ...(synthetic ? { synthetic: true } : {}),
  });

const followUp = (cause: ReturnType<typeof question>) =>
  createFollowUp(
    RetrievalCompleted,
    EXAMPLE_PAYLOADS['retrieval.completed'] as never,
    cause,
    cause.id,
    new Date('2026-12-02T10:00:01.000Z'),
  );

describe('createFollowUp', () => {
  it('carries the lineage of its cause, evaluation traffic included', () => {
    const cause = question(true);
    expect(followUp(cause)).toMatchObject({
      conversationId: 'conv-1',
      turnId: 'turn-1',
      causationId: cause.id,
      correlationId: cause.correlationId,
      synthetic: true,
    });
  });

  it('leaves live traffic unmarked', () => {
    expect(followUp(question(false))).not.toHaveProperty('synthetic');
  });
});
