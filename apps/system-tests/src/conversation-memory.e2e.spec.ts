import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  type FakeChatReply,
  FakeOpenAiChatServer,
  messageText,
  type RecordedChatRequest,
  recordedRequestTokens,
  searchThenQuote,
} from '@support/models/testing';
import { parseChunksFromToolMessage } from '@support/policy';
import { ask, startSupportStack, type SupportStack } from './support/support-stack.js';

const CONTEXT_TOKENS = 16_384;
const ANSWER_TOKENS = 512;
const LIMIT = CONTEXT_TOKENS - ANSWER_TOKENS;
const TURNS = 60;
const ORDER_QUESTION = 'Where is my order ORD-1002?';
const STATUS_QUESTION = 'What is the status of my order?';
const QUESTIONS = [
  'How long does delivery to Muscat take?',
  'can I send back oud oil if I already opened it',
];

/** Set for the last turn: the model then cites the previous turn's chunk instead of its own. */
let citeEarlier = false;

const lastToolResult = (request: RecordedChatRequest) => {
  const lastUser = request.messages.findLastIndex((m) => m.role === 'user');
  return request.messages.slice(lastUser + 1).findLast((m) => m.role === 'tool');
};

/**
 * A model that refuses any request over the budget (as vLLM refuses one over its context), looks
 * an order up by the number the prompt holds, and at the last turn cites the previous turn's chunk.
 */
function respond(request: RecordedChatRequest): FakeChatReply {
  if (recordedRequestTokens(request) > LIMIT)
    return { kind: 'error', status: 400, message: 'prompt longer than the context' };
  const question = messageText(request.messages.findLast((m) => m.role === 'user')?.content);
  const prompt = request.messages.map((m) => messageText(m.content)).join('\n');
  const orderId = /ORD-\d+/.exec(question)?.[0] ?? /ORD-\d+/.exec(prompt)?.[0];
  if (!lastToolResult(request) && (question === ORDER_QUESTION || question === STATUS_QUESTION))
    return { kind: 'tool_calls', calls: [{ name: 'get_order_status', arguments: { orderId } }] };
  const reply = searchThenQuote(request);
  if (!citeEarlier || reply.kind !== 'text') return reply;
  const current = parseChunksFromToolMessage(messageText(lastToolResult(request)!.content)) ?? [];
  const earlier = [...prompt.matchAll(/\[([^\s[\]]+#\d+)\]/g)]
    .map((m) => m[1]!)
    .findLast((id) => !current.some((c) => c.chunkId === id));
  return { kind: 'text', text: reply.text.replace(/\[[^\]]+\]$/, `[${earlier}]`) };
}

describe('a 60-turn conversation under the prompt budget (OpenAI protocol)', () => {
  let llm: FakeOpenAiChatServer;
  let stack: SupportStack;
  beforeAll(async () => {
    llm = await FakeOpenAiChatServer.start({ respond });
    stack = await startSupportStack({
      env: {
        LLM_BASE_URL: llm.baseUrl,
        MODEL_CONTEXT_TOKENS: String(CONTEXT_TOKENS),
        MODEL_ANSWER_TOKENS: String(ANSWER_TOKENS),
        // The limiter guards against floods; this customer's 60 questions in a row are not one.
        WS_RATE_BURST: '1000',
        WS_RATE_PER_MINUTE: '1000000',
      },
    });
  });
  afterAll(async () => {
    await stack?.close();
    await llm?.close();
  });

  it('answers every turn, carries turn 2\u2019s order into turn 50, refuses an earlier turn\u2019s chunk', async () => {
    const { socket } = await stack.connect('cust-1001');
    const kinds: string[] = [];
    let statusRequests: RecordedChatRequest[] = [];
    for (let turn = 1; turn <= TURNS; turn += 1) {
      const text =
        turn === 2
          ? ORDER_QUESTION
          : turn === 50
            ? STATUS_QUESTION
            : turn === TURNS
              ? 'stale'
              : QUESTIONS[turn % 2]!;
      const before = llm.requests.length;
      citeEarlier = text === 'stale';
      const { reply } = await ask(socket, citeEarlier ? QUESTIONS[0]! : text);
      if (turn === 50) statusRequests = llm.requests.slice(before);
      kinds.push(String(reply.kind));
    }
    socket.close();

    expect(kinds.slice(0, TURNS - 1)).toEqual(Array(TURNS - 1).fill('answer'));
    for (const request of llm.requests)
      expect(recordedRequestTokens(request)).toBeLessThanOrEqual(LIMIT);
    // Turn 50's prompt no longer holds turn 2; the memory note does, and the tool call used it.
    const [lookup] = statusRequests;
    expect(lookup!.messages.some((m) => messageText(m.content) === ORDER_QUESTION)).toBe(false);
    expect(messageText(lookup!.messages[0]!.content)).toContain('Orders mentioned: ORD-1002.');
    const call = (
      statusRequests[1]!.messages.findLast((m) => m.role === 'assistant')!.tool_calls as {
        function: { name: string; arguments: string };
      }[]
    )[0]!;
    expect(call.function).toEqual({
      name: 'get_order_status',
      arguments: '{"orderId":"ORD-1002"}',
    });
    // The last turn cited the previous turn's chunk: refused.
    expect(kinds[TURNS - 1]).toBe('abstention');
  }, 120_000);
});
