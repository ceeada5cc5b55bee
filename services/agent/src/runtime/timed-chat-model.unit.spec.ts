import { describe, expect, it } from '@jest/globals';
import { type ChatModel, ExtractiveResponder } from '@support/models';
import type { AgentMetrics } from './agent-metrics.js';
import { timedChatModel } from './timed-chat-model.js';

const stages: string[] = [];
const metrics = {
  timeStage: (stage: string, run: () => Promise<unknown>) => {
    stages.push(stage);
    return run();
  },
} as unknown as AgentMetrics;

describe('timedChatModel', () => {
  it('keeps what the model is able to do: the sentence gate follows answersVerbatim', () => {
    expect(timedChatModel(new ExtractiveResponder(), metrics).answersVerbatim).toBe(true);
    const writer: ChatModel = {
      id: 'openai-compatible:qwen',
      complete: async () => ({ content: 'x', toolCalls: [] }) as never,
    };
    expect(timedChatModel(writer, metrics).answersVerbatim).toBeUndefined();
  });

  it('times each completion as the model stage', async () => {
    const model = timedChatModel(new ExtractiveResponder(), metrics);
    await model.complete({ messages: [{ role: 'user', content: 'hello' }] });
    expect(stages).toEqual(['model']);
  });
});
