import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { type FakeChatReply, FakeOpenAiChatServer } from '@support/models/testing';
import { topicEvalCommand } from './topic-eval.js';

const escalation = (id: string, topic: string, first: string) =>
  JSON.stringify({
    id,
    lang: 'en',
    question: 'I want a human',
    transcript: [
      { role: 'customer', text: first },
      { role: 'agent', text: 'Would you like me to connect you to a colleague?' },
      { role: 'customer', text: 'I want a human' },
    ],
    topic,
  });

const SET = [
  escalation('refund', 'payments', 'my refund never came'),
  escalation('size', 'product', 'does the abaya come in size 54?'),
  escalation('late', 'delivery', 'my parcel is late'),
  escalation('down', 'account', '[down] I cannot log in'),
].join('\n');

describe('eval-topics with CLASSIFIER_LLM_BASE_URL (fake OpenAI-compatible server)', () => {
  let fake: FakeOpenAiChatServer;
  let dir: string;
  let set: string;

  beforeAll(async () => {
    // A stand-in model: payments for a refund, a reasoning block then product for the rest,
    // HTTP 503 for a transcript marked [down].
    fake = await FakeOpenAiChatServer.start({
      respond: (request): FakeChatReply => {
        const transcript = String(request.messages.at(-1)?.content ?? '');
        if (transcript.includes('[down]')) return { kind: 'error', status: 503 };
        if (transcript.includes('refund')) return { kind: 'text', text: '{"topic": "payments"}' };
        return { kind: 'text', text: '<think>sizes are product</think>{"topic": "product"}' };
      },
    });
    dir = mkdtempSync(join(tmpdir(), 'eval-topics-'));
    set = join(dir, 'escalations.jsonl');
    writeFileSync(set, SET);
  });
  afterAll(async () => {
    await fake.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('labels every escalation through the model the service would use and scores the labels', async () => {
    const printed: string[] = [];
    const { rows, score } = await topicEvalCommand({
      set,
      json: true,
      env: {
        CLASSIFIER_LLM_BASE_URL: fake.baseUrl,
        CLASSIFIER_LLM_MODEL: 'test-model',
        CLASSIFIER_TIMEOUT_MS: '2000',
      },
      print: (text) => printed.push(text),
    });
    expect(rows.map((r) => [r.id, r.predicted, r.classifier])).toEqual([
      ['refund', 'payments', 'llm'],
      ['size', 'product', 'llm'],
      ['late', 'product', 'llm'],
      ['down', 'unclassified', 'fallback'],
    ]);
    expect(rows[3]!.error).toBe('classifier_unavailable');
    expect(score.overall).toEqual({ total: 4, correct: 2, accuracy: 0.5 });
    expect(score.failed).toBe(1);
    // The whole transcript reached the model named in the environment.
    const asked = fake.requests.find((r) => String(r.messages.at(-1)?.content).includes('refund'));
    expect(asked!.model).toBe('test-model');
    expect(String(asked!.messages.at(-1)?.content)).toContain('customer: I want a human');
    const output = JSON.parse(printed.join('\n')) as { classifier: string; rows: unknown[] };
    expect(output.classifier).toContain('llm (test-model at');
    expect(output.rows).toHaveLength(4);
  });

  it('uses the rules when CLASSIFIER_LLM_BASE_URL is unset, and prints only numbers with --summary', async () => {
    const before = fake.requests.length;
    const printed: string[] = [];
    const { rows } = await topicEvalCommand({
      set,
      summary: true,
      env: {},
      print: (text) => printed.push(text),
    });
    expect(fake.requests.length).toBe(before);
    expect(rows.every((r) => r.classifier === 'rules')).toBe(true);
    const text = printed.join('\n');
    expect(text).toContain('classifier: rules');
    expect(text).toMatch(/accuracy: \d+\.\d%/);
    expect(text).not.toContain('confusions');
    for (const id of ['refund', 'size', 'late', 'down']) expect(text).not.toContain(id);
  });
});
