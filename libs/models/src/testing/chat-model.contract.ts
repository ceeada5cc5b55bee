import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  ESCALATE_TOOL,
  formatChunksForPrompt,
  SEARCH_KNOWLEDGE_BASE_TOOL,
  type ToolSpec,
} from '@support/policy';
import {
  type ChatCompletion,
  type ChatMessage,
  type ChatModel,
  type ChatRequest,
} from '../chat/chat-model.js';
import type { ContractSubject } from './embedder.contract.js';

/** The situations the suite puts a model in; a scripted server queues a fitting reply for each. */
export type ChatContractScenario = 'text' | 'tool_call' | 'answer_after_tool' | 'image';

export interface ChatModelContractSubject extends ContractSubject<ChatModel> {
  /** Called before each scenario, so a scripted stand-in can queue what a real model would say. */
  prepare?(scenario: ChatContractScenario): void;
}

export const CONTRACT_TOOLS: ToolSpec[] = [
  {
    name: SEARCH_KNOWLEDGE_BASE_TOOL,
    description: 'Search the shop knowledge base (policies, delivery, returns, payments).',
    parameters: {
      type: 'object',
      properties: { query: { type: 'string', description: 'the question to search for' } },
      required: ['query'],
    },
  },
  {
    name: ESCALATE_TOOL,
    description: 'Hand the conversation to a human colleague.',
    parameters: {
      type: 'object',
      properties: { reason: { type: 'string' } },
      required: ['reason'],
    },
  },
];

const SYSTEM: ChatMessage = { role: 'system', content: 'You are a support assistant.' };
// A 1x1 transparent PNG.
const PIXEL =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

export const CONTRACT_CHUNKS = [
  {
    chunkId: 'returns#1',
    title: 'Returns',
    lang: 'en',
    text: 'Dresses can be returned within 14 days of delivery. Returned items must be unworn.',
  },
  {
    chunkId: 'delivery#3',
    title: 'Delivery',
    lang: 'en',
    text: 'Delivery to Riyadh takes two to four working days.',
  },
];

const AFTER_TOOL: ChatMessage[] = [
  SYSTEM,
  { role: 'user', content: 'How many days do I have to return a dress?' },
  {
    role: 'assistant',
    content: '',
    toolCalls: [
      { id: 'call_1', name: SEARCH_KNOWLEDGE_BASE_TOOL, arguments: { query: 'return a dress' } },
    ],
  },
  { role: 'tool', toolCallId: 'call_1', content: formatChunksForPrompt(CONTRACT_CHUNKS) },
];

function expectWellFormed(completion: ChatCompletion): void {
  expect(typeof completion.text).toBe('string');
  expect(completion.text).not.toMatch(/<\/?think>/);
  expect(completion.text).toBe(completion.text.trim());
  expect(['stop', 'tool_calls', 'length', 'content_filter', 'other']).toContain(
    completion.finishReason,
  );
  expect(Array.isArray(completion.toolCalls)).toBe(true);
  const ids = completion.toolCalls.map((call) => call.id);
  expect(new Set(ids).size).toBe(ids.length);
  for (const call of completion.toolCalls) {
    expect(call.id.length).toBeGreaterThan(0);
    expect(call.name.length).toBeGreaterThan(0);
    expect(Object.getPrototypeOf(call.arguments)).toBe(Object.prototype);
  }
  expect(completion.text !== '' || completion.toolCalls.length > 0).toBe(true);
}

/** The conformance suite every ChatModel adapter must pass (see the port's doc comment). */
export function describeChatModelContract(name: string, subject: ChatModelContractSubject): void {
  describe(`ChatModel contract: ${name}`, () => {
    let model: ChatModel;
    const complete = (scenario: ChatContractScenario, request: ChatRequest) => {
      subject.prepare?.(scenario);
      return model.complete(request);
    };
    beforeAll(async () => {
      model = await subject.setup();
    });
    afterAll(async () => {
      await subject.teardown?.();
    });

    it('has a non-empty id', () => {
      expect(model.id.length).toBeGreaterThan(0);
    });

    it('answers in text when no tool is offered', async () => {
      const completion = await complete('text', {
        messages: [SYSTEM, { role: 'user', content: 'Hello, can you help me with my order?' }],
      });
      expectWellFormed(completion);
      expect(completion.text.length).toBeGreaterThan(0);
      expect(completion.toolCalls).toEqual([]);
      expect(completion.finishReason).toBe('stop');
    });

    it('returns tool calls of offered tools with parsed object arguments', async () => {
      const completion = await complete('tool_call', {
        messages: [SYSTEM, { role: 'user', content: 'I want to talk to a human, please.' }],
        tools: CONTRACT_TOOLS,
      });
      expectWellFormed(completion);
      expect(completion.toolCalls.length).toBeGreaterThan(0);
      expect(completion.finishReason).toBe('tool_calls');
      const offered = CONTRACT_TOOLS.map((tool) => tool.name);
      for (const call of completion.toolCalls) {
        expect(offered).toContain(call.name);
        expect(call.malformed).toBeUndefined();
      }
    });

    it('answers in text from a tool result', async () => {
      const completion = await complete('answer_after_tool', {
        messages: AFTER_TOOL,
        tools: CONTRACT_TOOLS,
      });
      expectWellFormed(completion);
      expect(completion.toolCalls).toEqual([]);
      expect(completion.text.length).toBeGreaterThan(0);
      expect(completion.finishReason).toBe('stop');
    });

    it('accepts a user message with an image part', async () => {
      const completion = await complete('image', {
        messages: [
          SYSTEM,
          {
            role: 'user',
            content: [
              { type: 'text', text: 'My dress arrived torn, see the photo.' },
              { type: 'image', mimeType: 'image/png', dataBase64: PIXEL },
            ],
          },
        ],
      });
      expectWellFormed(completion);
    });

    it('does not change the request', async () => {
      const messages = structuredClone(AFTER_TOOL);
      const tools = structuredClone(CONTRACT_TOOLS);
      await complete('answer_after_tool', { messages, tools });
      expect(messages).toEqual(AFTER_TOOL);
      expect(tools).toEqual(CONTRACT_TOOLS);
    });

    it('rejects with the reason of an aborted signal', async () => {
      const controller = new AbortController();
      const reason = new Error('turn cancelled');
      controller.abort(reason);
      await expect(
        model.complete({ messages: AFTER_TOOL, tools: CONTRACT_TOOLS, signal: controller.signal }),
      ).rejects.toBe(reason);
    });
  });
}
