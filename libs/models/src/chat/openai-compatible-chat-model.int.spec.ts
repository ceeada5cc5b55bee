import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { formatChunksForPrompt } from '@support/policy';
import { ModelInvalidResponse, ModelTimeout, ModelUnavailable } from '../errors.js';
import {
  CONTRACT_CHUNKS,
  CONTRACT_TOOLS,
  describeChatModelContract,
  type ChatContractScenario,
} from '../testing/chat-model.contract.js';
import { type FakeChatReply, FakeOpenAiChatServer } from '../testing/fake-openai-chat-server.js';
import type { ChatMessage } from './chat-model.js';
import {
  OpenAiCompatibleChatModel,
  type OpenAiCompatibleChatModelOptions,
  stripReasoning,
} from './openai-compatible-chat-model.js';

const MODEL = 'Qwen/Qwen3-VL-8B-Instruct';

// What a well-behaved model answers in each contract scenario.
const SCRIPT: Record<ChatContractScenario, FakeChatReply> = {
  text: { kind: 'text', text: 'Of course. Could you give me your order number?' },
  tool_call: {
    kind: 'tool_calls',
    calls: [{ name: 'escalate', arguments: { reason: 'customer asked for a human' } }],
  },
  answer_after_tool: {
    kind: 'text',
    text: 'Dresses can be returned within 14 days of delivery. [returns#1]',
  },
  image: { kind: 'text', text: 'I am sorry your dress arrived torn.' },
};

{
  let server: FakeOpenAiChatServer;
  describeChatModelContract('OpenAiCompatibleChatModel', {
    setup: async () => {
      server = await FakeOpenAiChatServer.start();
      return new OpenAiCompatibleChatModel({
        baseUrl: server.baseUrl,
        model: MODEL,
        maxRetries: 0,
      });
    },
    prepare: (scenario) => {
      server.reset();
      server.enqueue(SCRIPT[scenario]);
    },
    teardown: () => server.close(),
  });
}

describe('OpenAiCompatibleChatModel against an OpenAI-compatible server', () => {
  let server: FakeOpenAiChatServer;
  const chatModel = (options: Partial<OpenAiCompatibleChatModelOptions> = {}) =>
    new OpenAiCompatibleChatModel({
      baseUrl: server.baseUrl,
      model: MODEL,
      maxRetries: 0,
      ...options,
    });
  const ask: ChatMessage[] = [
    { role: 'system', content: 'You are a support assistant.' },
    { role: 'user', content: 'How long do I have to return a dress?' },
  ];

  beforeAll(async () => {
    server = await FakeOpenAiChatServer.start();
  });
  afterAll(() => server.close());
  beforeEach(() => server.reset());

  it('sends the model, temperature 0, thinking off, and tools in OpenAI function format', async () => {
    server.enqueue({
      kind: 'tool_calls',
      calls: [
        {
          id: 'chatcmpl-tool-abc',
          name: 'search_knowledge_base',
          arguments: '{"query": "return a dress"}',
        },
      ],
    });
    const completion = await chatModel().complete({ messages: ask, tools: CONTRACT_TOOLS });

    const [request] = server.requests;
    expect(request?.model).toBe(MODEL);
    expect(request?.temperature).toBe(0);
    expect(request?.chatTemplateKwargs).toEqual({ enable_thinking: false });
    expect(request?.toolChoice).toBe('auto');
    expect(request?.tools).toEqual(
      CONTRACT_TOOLS.map((tool) => ({
        type: 'function',
        function: {
          name: tool.name,
          description: tool.description,
          parameters: tool.parameters,
        },
      })),
    );
    expect(request?.messages).toEqual([
      { role: 'system', content: 'You are a support assistant.' },
      { role: 'user', content: 'How long do I have to return a dress?' },
    ]);
    expect(completion).toEqual({
      text: '',
      toolCalls: [
        {
          id: 'chatcmpl-tool-abc',
          name: 'search_knowledge_base',
          arguments: { query: 'return a dress' },
        },
      ],
      finishReason: 'tool_calls',
    });
  });

  it('sends neither tools nor tool_choice when no tool is offered', async () => {
    server.enqueue({ kind: 'text', text: 'Hello!' });
    await chatModel().complete({ messages: ask });
    expect(server.requests[0]?.body).not.toHaveProperty('tools');
    expect(server.requests[0]?.body).not.toHaveProperty('tool_choice');
  });

  it('can turn thinking on and cap tokens', async () => {
    server.enqueue({ kind: 'text', text: 'Hello!' });
    await chatModel({ enableThinking: true, maxTokens: 256 }).complete({ messages: ask });
    expect(server.requests[0]?.chatTemplateKwargs).toEqual({ enable_thinking: true });
    expect(server.requests[0]?.body.max_tokens).toBe(256);
  });

  it('round-trips a tool call: the past call and its result go back in OpenAI format', async () => {
    server.enqueue({ kind: 'text', text: 'Within 14 days. [returns#1]' });
    const toolResult = formatChunksForPrompt(CONTRACT_CHUNKS);
    const completion = await chatModel().complete({
      messages: [
        ...ask,
        {
          role: 'assistant',
          content: '',
          toolCalls: [
            { id: 'call_7', name: 'search_knowledge_base', arguments: { query: 'return dress' } },
          ],
        },
        { role: 'tool', toolCallId: 'call_7', content: toolResult },
      ],
      tools: CONTRACT_TOOLS,
    });
    expect(server.requests[0]?.messages.slice(2)).toEqual([
      {
        role: 'assistant',
        content: null,
        tool_calls: [
          {
            id: 'call_7',
            type: 'function',
            function: { name: 'search_knowledge_base', arguments: '{"query":"return dress"}' },
          },
        ],
      },
      { role: 'tool', tool_call_id: 'call_7', content: toolResult },
    ]);
    expect(completion).toEqual({
      text: 'Within 14 days. [returns#1]',
      toolCalls: [],
      finishReason: 'stop',
    });
  });

  it('parses several tool calls, keeping their order and text beside them', async () => {
    server.enqueue({
      kind: 'tool_calls',
      text: 'Let me check.',
      calls: [
        { name: 'search_knowledge_base', arguments: { query: 'refund' } },
        { name: 'escalate', arguments: { reason: 'angry' } },
      ],
    });
    const completion = await chatModel().complete({ messages: ask, tools: CONTRACT_TOOLS });
    expect(completion.text).toBe('Let me check.');
    expect(completion.toolCalls.map(({ name, arguments: args }) => ({ name, args }))).toEqual([
      { name: 'search_knowledge_base', args: { query: 'refund' } },
      { name: 'escalate', args: { reason: 'angry' } },
    ]);
    expect(new Set(completion.toolCalls.map((call) => call.id)).size).toBe(2);
  });

  it('sends image parts as image_url data URLs', async () => {
    server.enqueue({ kind: 'text', text: 'I see the tear.' });
    await chatModel().complete({
      messages: [
        {
          role: 'user',
          content: [
            { type: 'text', text: 'It arrived torn' },
            { type: 'image', mimeType: 'image/jpeg', dataBase64: 'AAEC' },
          ],
        },
      ],
    });
    expect(server.requests[0]?.messages).toEqual([
      {
        role: 'user',
        content: [
          { type: 'text', text: 'It arrived torn' },
          { type: 'image_url', image_url: { url: 'data:image/jpeg;base64,AAEC' } },
        ],
      },
    ]);
  });

  it.each([
    ['not JSON', '{"query": "return'],
    ['a JSON array', '["return"]'],
    ['a JSON string', '"return a dress"'],
  ])(
    'surfaces a tool call whose arguments are %s as malformed, with {} arguments',
    async (_, raw) => {
      server.enqueue({
        kind: 'tool_calls',
        calls: [{ id: 'c1', name: 'escalate', arguments: raw }],
      });
      const completion = await chatModel().complete({ messages: ask, tools: CONTRACT_TOOLS });
      expect(completion.toolCalls).toEqual([
        { id: 'c1', name: 'escalate', arguments: {}, malformed: true, rawArguments: raw },
      ]);
    },
  );

  it('reads empty tool arguments as no arguments', async () => {
    server.enqueue({ kind: 'tool_calls', calls: [{ id: 'c1', name: 'escalate', arguments: '' }] });
    const completion = await chatModel().complete({ messages: ask, tools: CONTRACT_TOOLS });
    expect(completion.toolCalls).toEqual([{ id: 'c1', name: 'escalate', arguments: {} }]);
  });

  it('strips a <think> block from the text', async () => {
    server.enqueue({
      kind: 'text',
      text: '<think>\nThe chunk says 14 days.\n</think>\n\nWithin 14 days. [returns#1]',
    });
    const completion = await chatModel().complete({ messages: ask });
    expect(completion.text).toBe('Within 14 days. [returns#1]');
  });

  it('maps HTTP 500 to ModelUnavailable with the status', async () => {
    server.enqueue({ kind: 'error', status: 500 });
    const failure = chatModel().complete({ messages: ask });
    await expect(failure).rejects.toBeInstanceOf(ModelUnavailable);
    await expect(failure).rejects.toMatchObject({ code: 'model_unavailable', status: 500 });
  });

  it('retries a 500 when configured to, and answers from the retry', async () => {
    server.enqueue(
      { kind: 'error', status: 503, retryAfterMs: 10 },
      { kind: 'text', text: 'Hello again.' },
    );
    const completion = await chatModel({ maxRetries: 1 }).complete({ messages: ask });
    expect(completion.text).toBe('Hello again.');
    expect(server.requests).toHaveLength(2);
  });

  it('maps a hung server to ModelTimeout after the configured time, retries included', async () => {
    server.enqueue({ kind: 'hang' }, { kind: 'hang' });
    const started = Date.now();
    const failure = chatModel({ timeoutMs: 200, maxRetries: 1 }).complete({ messages: ask });
    await expect(failure).rejects.toBeInstanceOf(ModelTimeout);
    await expect(failure).rejects.toMatchObject({ code: 'model_timeout', timeoutMs: 200 });
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('maps a body that is not JSON to ModelInvalidResponse', async () => {
    server.enqueue({ kind: 'garbage' });
    const failure = chatModel().complete({ messages: ask });
    await expect(failure).rejects.toBeInstanceOf(ModelInvalidResponse);
    await expect(failure).rejects.toMatchObject({ code: 'model_invalid_response' });
  });

  it.each<[string, unknown]>([
    ['no choices', { id: 'x', object: 'chat.completion', choices: [] }],
    ['no message', { choices: [{ index: 0, finish_reason: 'stop' }] }],
    ['content that is not text', { choices: [{ message: { content: 42 } }] }],
    [
      'a tool call without a name',
      { choices: [{ message: { content: null, tool_calls: [{ id: 'a', function: {} }] } }] },
    ],
  ])('maps a completion with %s to ModelInvalidResponse', async (_, body) => {
    server.enqueue({ kind: 'json', body });
    await expect(chatModel().complete({ messages: ask })).rejects.toBeInstanceOf(
      ModelInvalidResponse,
    );
  });

  it('maps an unreachable server to ModelUnavailable', async () => {
    const closed = await FakeOpenAiChatServer.start();
    await closed.close();
    const failure = new OpenAiCompatibleChatModel({
      baseUrl: closed.baseUrl,
      model: MODEL,
      maxRetries: 0,
    }).complete({ messages: ask });
    await expect(failure).rejects.toBeInstanceOf(ModelUnavailable);
    await expect(failure).rejects.toMatchObject({ status: undefined });
  });

  it("rejects with the caller's reason when the caller aborts a pending call", async () => {
    server.enqueue({ kind: 'hang' });
    const controller = new AbortController();
    const reason = new Error('customer left');
    const pending = chatModel().complete({ messages: ask, signal: controller.signal });
    setTimeout(() => controller.abort(reason), 50);
    await expect(pending).rejects.toBe(reason);
  });

  it('maps unknown finish reasons to other, and a tool call without one to tool_calls', async () => {
    server.enqueue(
      { kind: 'text', text: 'Cut', finishReason: 'abort' },
      { kind: 'text', text: 'Long', finishReason: 'length' },
      { kind: 'tool_calls', calls: [{ name: 'escalate', arguments: {} }], finishReason: '' },
    );
    const reasons = [];
    for (let i = 0; i < 3; i += 1)
      reasons.push((await chatModel().complete({ messages: ask })).finishReason);
    expect(reasons).toEqual(['other', 'length', 'tool_calls']);
  });

  it('names itself after the model', () => {
    expect(chatModel().id).toBe(`openai-compatible:${MODEL}`);
  });
});

describe('stripReasoning', () => {
  it.each([
    ['<think>plan</think>Answer.', 'Answer.'],
    ['<think>a</think> One. <think>b</think>Two.', 'One. Two.'],
    ['hidden plan</think>\nAnswer.', 'Answer.'],
    ['Answer. <think>cut off', 'Answer.'],
    ['  plain  ', 'plain'],
  ])('%j → %j', (input, expected) => {
    expect(stripReasoning(input)).toBe(expected);
  });
});
