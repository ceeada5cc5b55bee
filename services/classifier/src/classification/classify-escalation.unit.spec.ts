import { describe, expect, it, jest } from '@jest/globals';
import { createEvent, EscalationClassified } from '@support/contracts';
import type { ChatCompletion, ChatModel, ChatRequest } from '@support/models';
import { ModelTimeout, ModelUnavailable } from '@support/models';
import { ClassifyEscalation, type ClassifyEscalationInput } from './classify-escalation.js';
import { CLASSIFIER_SYSTEM_PROMPT, LlmClassifier, parseTopicAnswer } from './llm-classifier.js';
import { RulesClassifier } from './rules-classifier.js';

const ESCALATION_ID = '7a1f6c3e-2b4d-4e8f-9a0b-1c2d3e4f5a6b';
const AT = '2026-03-10T09:00:00.000Z';

const input: ClassifyEscalationInput = {
  escalationId: ESCALATION_ID,
  question: 'yes connect me',
  transcript: [
    { role: 'customer', text: 'I was charged twice for order 1002, I want a refund', at: AT },
    { role: 'agent', text: 'Would you like me to connect you to a colleague?', at: AT },
    { role: 'customer', text: 'yes connect me', at: AT },
  ],
};

type Script = (request: ChatRequest) => Promise<ChatCompletion>;

/** A ChatModel whose answer each test scripts; records what it was asked. */
class ScriptedChatModel implements ChatModel {
  readonly id = 'scripted';
  readonly requests: ChatRequest[] = [];
  constructor(private readonly script: Script) {}
  complete(request: ChatRequest): Promise<ChatCompletion> {
    this.requests.push(request);
    return this.script(request);
  }
}

const answering = (text: string) =>
  new ScriptedChatModel(async () => ({ text, toolCalls: [], finishReason: 'stop' }));

const classifyWith = (model: ChatModel, timeoutMs = 200) =>
  new ClassifyEscalation(new LlmClassifier(model), timeoutMs).execute(input);

describe('ClassifyEscalation with the LLM classifier', () => {
  it('labels with the topic of a well-formed JSON answer', async () => {
    const model = answering('{"topic": "payments"}');
    await expect(classifyWith(model)).resolves.toEqual({
      escalationId: ESCALATION_ID,
      topic: 'payments',
      classifier: 'llm',
    });
    const [request] = model.requests;
    expect(request!.messages[0]).toEqual({ role: 'system', content: CLASSIFIER_SYSTEM_PROMPT });
    // The whole transcript reaches the model, not only the escalating turn.
    expect(request!.messages[1]!.content).toContain('charged twice');
    expect(request!.messages[1]!.content).toContain('customer: yes connect me');
    expect(request!.signal).toBeInstanceOf(AbortSignal);
  });

  it.each([
    ['garbage', 'Sure! The topic is payments.', 'classifier_invalid_answer'],
    ['an unknown topic', '{"topic": "billing"}', 'classifier_invalid_answer'],
    ['a JSON array', '["payments"]', 'classifier_invalid_answer'],
    ['no topic', '{"label": "payments"}', 'classifier_invalid_answer'],
  ])('falls back to unclassified on %s, keeping the row', async (_name, text, code) => {
    const result = await classifyWith(answering(text));
    expect(result).toMatchObject({
      escalationId: ESCALATION_ID,
      topic: 'unclassified',
      classifier: 'fallback',
      error: { code },
    });
    expect(result.error!.message).toEqual(expect.any(String));
    // The row is kept: the fallback is a valid `escalation.classified` payload.
    expect(() =>
      createEvent(EscalationClassified, result, {
        id: ESCALATION_ID,
        occurredAt: AT,
        correlationId: ESCALATION_ID,
      }),
    ).not.toThrow();
  });

  it('falls back to unclassified when the model throws', async () => {
    const model = new ScriptedChatModel(async () => {
      throw new ModelUnavailable('Chat model server answered HTTP 503', 503);
    });
    await expect(classifyWith(model)).resolves.toMatchObject({
      topic: 'unclassified',
      classifier: 'fallback',
      error: { code: 'classifier_unavailable', message: expect.stringContaining('HTTP 503') },
    });
  });

  it("falls back on the model's own timeout", async () => {
    const model = new ScriptedChatModel(async () => {
      throw new ModelTimeout('no answer within 100 ms', 100);
    });
    await expect(classifyWith(model)).resolves.toMatchObject({
      topic: 'unclassified',
      error: { code: 'classifier_timeout' },
    });
  });

  it('falls back at the deadline when the model hangs, even ignoring its abort signal', async () => {
    const model = new ScriptedChatModel(() => new Promise<never>(() => undefined));
    jest.useFakeTimers();
    let result: unknown;
    try {
      void classifyWith(model, 50).then((outcome) => (result = outcome));
      await jest.advanceTimersByTimeAsync(49);
      expect(result).toBeUndefined();
      await jest.advanceTimersByTimeAsync(1);
    } finally {
      jest.useRealTimers();
    }
    expect(result).toMatchObject({
      escalationId: ESCALATION_ID,
      topic: 'unclassified',
      classifier: 'fallback',
      error: { code: 'classifier_timeout', message: expect.stringContaining('50 ms') },
    });
    expect(model.requests[0]!.signal!.aborted).toBe(true);
  });

  it('falls back at the deadline when the model honours the abort signal', async () => {
    const model = new ScriptedChatModel(
      (request) =>
        new Promise<never>((_, reject) =>
          request.signal!.addEventListener('abort', () => reject(request.signal!.reason)),
        ),
    );
    jest.useFakeTimers();
    try {
      const outcome = classifyWith(model, 50);
      await jest.advanceTimersByTimeAsync(50);
      await expect(outcome).resolves.toMatchObject({
        topic: 'unclassified',
        error: { code: 'classifier_timeout' },
      });
    } finally {
      jest.useRealTimers();
    }
  });
});

describe('ClassifyEscalation with the rules classifier', () => {
  it('labels from the transcript with a confidence', async () => {
    const result = await new ClassifyEscalation(new RulesClassifier(), 1_000).execute(input);
    expect(result).toMatchObject({ topic: 'payments', classifier: 'rules' });
    expect(result.confidence).toBeGreaterThan(0);
    expect(result.confidence).toBeLessThanOrEqual(1);
  });

  it('adds the escalating question when the transcript lacks it', async () => {
    const result = await new ClassifyEscalation(new RulesClassifier(), 1_000).execute({
      escalationId: ESCALATION_ID,
      question: 'my parcel never arrived, the courier did not come',
      transcript: [],
    });
    expect(result.topic).toBe('delivery');
  });
});

describe('parseTopicAnswer', () => {
  it('reads a bare object or one inside a json fence', () => {
    expect(parseTopicAnswer('{"topic":"returns"}')).toEqual({ topic: 'returns' });
    expect(parseTopicAnswer('```json\n{"topic": "account"}\n```')).toEqual({ topic: 'account' });
  });

  it('refuses unclassified as a model answer', () => {
    expect(() => parseTopicAnswer('{"topic": "unclassified"}')).toThrow(/unknown topic/);
  });
});
