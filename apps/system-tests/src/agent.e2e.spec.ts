import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DashboardQueries } from '@support/gateway';
import {
  type FakeChatReply,
  FakeOpenAiChatServer,
  type RecordedChatRequest,
} from '@support/models/testing';
import { renderTrace, TurnTraceReader } from '@support/persistence';
import { parseChunksFromToolMessage, REPHRASE_REQUEST } from '@support/policy';
import { eventually } from '@support/testing';
import { sendAdminReply } from './support/admin-reply.js';
import { ask, startSupportStack, type SupportStack } from './support/support-stack.js';

const NEIGHBOUR = "I'm a reseller, can I return unsold stock from my wholesale order?";

/** The escalation event of a conversation, once the probe has seen it (it follows the abstention). */
function escalationOf(stack: SupportStack, conversationId: string) {
  return eventually(
    () => stack.escalations.findLast((e) => e.conversationId === conversationId) ?? false,
  );
}

async function adminReplies(stack: SupportStack, conversationId: string, text: string) {
  const escalation = await escalationOf(stack, conversationId);
  await sendAdminReply(stack.publisher, stack.database.url, {
    escalationId: escalation.payload.escalationId,
    conversationId,
    text,
  });
}

describe('the agent through the WebSocket, with the embedded default responder', () => {
  let stack: SupportStack;
  beforeAll(async () => {
    stack = await startSupportStack();
  });
  afterAll(() => stack.close());

  it('answers an English question with a cited, validated reply', async () => {
    const { socket } = await stack.connect('cust-1001');
    const { reply } = await ask(socket, 'How long does delivery to Muscat take?');
    expect(reply.kind).toBe('answer');
    expect(String(reply.text)).toMatch(/\[delivery-times-fees#\d+\]/);
    expect(reply.citations).toEqual(
      expect.arrayContaining([expect.objectContaining({ docId: 'delivery-times-fees' })]),
    );
    socket.close();
  });

  it('answers Arabic from the Arabic document, and a mixed question too', async () => {
    const { socket } = await stack.connect('cust-1002');
    const arabic = await ask(socket, 'ما رسوم الدفع عند الاستلام في البحرين؟');
    expect(arabic.reply.kind).toBe('answer');
    expect(String(arabic.reply.text)).toMatch(/[\u0600-\u06FF]/);
    expect(String(arabic.reply.text)).toMatch(/\[ar-payment-options#\d+\]/);
    const mixed = await ask(socket, 'can I pay بالبطاقة عند الباب in Jeddah?');
    expect(mixed.reply.kind).toBe('answer');
    expect((mixed.reply.citations as unknown[]).length).toBeGreaterThan(0);
    socket.close();
  });

  it('abstains on a plausible neighbour (below_score_floor), pauses, and resumes on the admin reply', async () => {
    const { socket, conversationId } = await stack.connect('cust-2002');
    const { reply } = await ask(socket, NEIGHBOUR);
    expect(reply.kind).toBe('abstention');
    expect(await socket.nextOfType('handed_to_human')).toMatchObject({
      reason: 'below_score_floor',
    });
    const raised = (await escalationOf(stack, conversationId)).payload;
    expect(raised).toMatchObject({ reason: 'below_score_floor', group: 'avoidable' });
    // The question travels sealed under the customer's key.
    expect(raised.question).not.toContain('reseller');
    expect(await stack.open(raised.question)).toBe(NEIGHBOUR);
    await eventually(() => stack.conversations().isPaused(conversationId));

    const held = await ask(socket, 'hello? anyone there?');
    expect(held.reply.kind).toBe('holding');

    const from = socket.frames.length;
    await adminReplies(
      stack,
      conversationId,
      'Wholesale orders follow your reseller contract; I have emailed it to you.',
    );
    expect(
      await socket.next((f) => f.type === 'reply' && f.kind === 'human', 10_000, from),
    ).toMatchObject({
      text: 'Wholesale orders follow your reseller contract; I have emailed it to you.',
    });
    await eventually(async () => !(await stack.conversations().isPaused(conversationId)));

    const after = await ask(socket, 'How long does delivery to Muscat take?');
    expect(after.reply.kind).toBe('answer');
    socket.close();
  });

  it('escalates when the customer asks for a human (agent_requested), and survives an agent restart while paused', async () => {
    const { socket, conversationId } = await stack.connect('cust-3003');
    const { reply } = await ask(socket, 'I want to talk to a human please');
    expect(reply.kind).toBe('abstention');
    expect(await socket.nextOfType('handed_to_human')).toMatchObject({ reason: 'agent_requested' });
    await eventually(() => stack.conversations().isPaused(conversationId));

    await stack.restartAgent();
    expect(await stack.conversations().isPaused(conversationId)).toBe(true);
    const from = socket.frames.length;
    await adminReplies(stack, conversationId, 'Hi, this is Huda from the team. How can I help?');
    expect(
      await socket.next((f) => f.type === 'reply' && f.kind === 'human', 15_000, from),
    ).toMatchObject({
      text: 'Hi, this is Huda from the team. How can I help?',
    });
    await eventually(async () => !(await stack.conversations().isPaused(conversationId)), 15_000);
    socket.close();
  });

  it('abstains with retrieval_unavailable when every leg is down', async () => {
    stack.index.breakAll();
    try {
      const { socket } = await stack.connect('cust-4004');
      const { reply } = await ask(socket, 'How long does delivery to Muscat take?');
      expect(reply.kind).toBe('abstention');
      expect(await socket.nextOfType('handed_to_human')).toMatchObject({
        reason: 'retrieval_unavailable',
      });
      socket.close();
    } finally {
      stack.index.faults.clear();
    }
  });
});

type Scenario =
  | 'missing_citation'
  | 'unknown_id'
  | 'unsupported_number'
  | 'escalate'
  | 'wrong_language'
  | 'timeout'
  | 'server_error'
  | 'garbage'
  | 'malformed_tool_call'
  | 'unknown_tool'
  | 'bidi_override'
  | 'rephrase'
  | 'qwen_forms'
  | 'good';

describe('the agent with a chat model that misbehaves (OpenAI protocol)', () => {
  let stack: SupportStack;
  let llm: FakeOpenAiChatServer;
  let scenario: Scenario = 'good';
  let quotedArabic = false;

  /** A model that searches first, then answers as the scenario says. */
  function respond(request: RecordedChatRequest): FakeChatReply {
    const toolMessages = request.messages.filter((m) => m.role === 'tool');
    const lastUser = request.messages.findLastIndex((m) => m.role === 'user');
    const answeredSinceUser = request.messages.slice(lastUser).some((m) => m.role === 'tool');
    if (scenario === 'timeout') return { kind: 'hang' };
    if (scenario === 'server_error') return { kind: 'error', status: 500, retryAfterMs: 10 };
    if (scenario === 'garbage') return { kind: 'garbage' };
    if (scenario === 'malformed_tool_call')
      return {
        kind: 'tool_calls',
        calls: [{ name: 'search_knowledge_base', arguments: '{"query": "delivery Mus' }],
      };
    if (scenario === 'unknown_tool')
      return { kind: 'tool_calls', calls: [{ name: 'refund_everything', arguments: {} }] };
    if (scenario === 'escalate')
      return {
        kind: 'tool_calls',
        calls: [{ name: 'escalate', arguments: { reason: 'no tool for this' } }],
      };
    if (!answeredSinceUser)
      return {
        kind: 'tool_calls',
        calls: [
          {
            name: 'search_knowledge_base',
            // Mixed, so both languages reach the prompt and the model can pick the wrong one.
            arguments: {
              query:
                scenario === 'wrong_language' ? 'delivery Muscat التوصيل مسقط' : 'delivery Muscat',
            },
          },
        ],
      };
    const chunks = parseChunksFromToolMessage(String(toolMessages.at(-1)!.content)) ?? [];
    const id = chunks[0]?.chunkId ?? 'none#1';
    switch (scenario) {
      case 'missing_citation':
        return { kind: 'text', text: 'Delivery to Muscat takes a few working days.' };
      case 'unknown_id':
        return {
          kind: 'text',
          text: 'Delivery to Muscat takes a few working days. [made-up-doc#9]',
        };
      case 'wrong_language': {
        const arabic = chunks.find((c) => /[\u0600-\u06FF]{3}/.test(c.text));
        quotedArabic = arabic !== undefined;
        return arabic
          ? { kind: 'text', text: `${arabic.text.split('\n').at(-1)} [${arabic.chunkId}]` }
          : { kind: 'text', text: 'no Arabic chunk in the prompt' };
      }
      case 'unsupported_number':
        return { kind: 'text', text: `Delivery to Muscat takes 47 working days. [${id}]` };
      case 'bidi_override': {
        // The chunk's own sentence, its number wrapped in a right-to-left override: stored as
        // the chunk says, shown reversed ("3-4" reads "4-3", "21" reads "12").
        const line = chunks[0]!.text.split('\n').at(-1)!;
        return {
          kind: 'text',
          text: `${line.replace(/\d+/, (n) => `\u202E${n}\u202C`)} [${id}]`,
        };
      }
      case 'rephrase':
        return { kind: 'text', text: REPHRASE_REQUEST.en };
      case 'qwen_forms':
        // Qwen's own habits: "Sure!", the lenticular brackets after the full stop, a closing.
        return {
          kind: 'text',
          text: `Sure! ${chunks[0]!.text.split('\n').at(-1)} 【${id}】 Let me know if you have any other questions!`,
        };
      default:
        return { kind: 'text', text: `${chunks[0]!.text.split('\n').at(-1)} [${id}]` };
    }
  }

  beforeAll(async () => {
    llm = await FakeOpenAiChatServer.start({ respond });
    stack = await startSupportStack({ env: { LLM_BASE_URL: llm.baseUrl, LLM_TIMEOUT_MS: '3000' } });
  });
  afterAll(async () => {
    await stack.close();
    await llm.close();
  });

  it.each([
    ['missing_citation', 'answer_validation_failed'],
    ['unknown_id', 'answer_validation_failed'],
    ['unsupported_number', 'answer_validation_failed'],
    ['escalate', 'agent_requested'],
    ['wrong_language', 'answer_validation_failed'],
    ['timeout', 'answer_validation_failed'],
    ['server_error', 'answer_validation_failed'],
    ['garbage', 'answer_validation_failed'],
    ['malformed_tool_call', 'answer_validation_failed'],
    ['unknown_tool', 'answer_validation_failed'],
    ['bidi_override', 'answer_validation_failed'],
    ['rephrase', 'rephrase_requested'],
  ] as const)(
    'a model misbehaving (%s) ends in the abstention (%s) and a paused graph',
    async (name, reason) => {
      scenario = name;
      const { socket, conversationId } = await stack.connect(`cust-${name}`);
      const { reply } = await ask(socket, 'How long does delivery to Muscat take?');
      expect(reply.kind).toBe('abstention');
      expect(String(reply.text)).not.toMatch(/47|made-up|few working days/);
      expect(await socket.nextOfType('handed_to_human')).toMatchObject({ reason });
      expect(String(reply.text)).not.toMatch(/[\u202A-\u202E\u2066-\u2069]/);
      if (name === 'wrong_language') expect(quotedArabic).toBe(true);
      await eventually(() => stack.conversations().isPaused(conversationId));
      socket.close();
    },
  );

  it('asking the customer to rephrase is an avoidable escalation, in the trace and for a colleague', async () => {
    scenario = 'rephrase';
    const { socket, conversationId } = await stack.connect('cust-rephrase-trace');
    const { reply } = await ask(socket, 'How long does delivery to Muscat take?');
    // The customer is not left with the rephrase request: a colleague is called.
    expect(reply.kind).toBe('abstention');
    expect(String(reply.text)).not.toBe(REPHRASE_REQUEST.en);
    expect((await escalationOf(stack, conversationId)).payload).toMatchObject({
      reason: 'rephrase_requested',
      group: 'avoidable',
    });
    const reader = stack.gateway.app.get(TurnTraceReader);
    const trace = await eventually(async () => {
      const [turn] = await reader.ofConversation(conversationId);
      return turn?.escalationReason ? turn : false;
    });
    expect(trace.escalationReason).toBe('rephrase_requested');
    expect(trace.draft).toBe(REPHRASE_REQUEST.en);
    // The draft passed its check: the bot had chunks and did not use them.
    expect(trace.validation?.passed).toBe(true);
    expect(renderTrace(trace)).toMatch(/rephrase_requested/);
    // Counted on the dashboard, by its reason, as avoidable.
    const dashboard = stack.gateway.app.get(DashboardQueries);
    const counted = await eventually(async () => {
      const { byReason } = await dashboard.load(new Date(Date.now() - 86_400_000), new Date());
      return byReason.find((r) => r.reason === 'rephrase_requested') ?? false;
    });
    expect(counted).toMatchObject({ group: 'avoidable' });
    expect(counted.count).toBeGreaterThanOrEqual(1);
    socket.close();
  });

  it("reads Qwen's citation forms and shows the customer exactly the text it checked", async () => {
    scenario = 'qwen_forms';
    const { socket, conversationId } = await stack.connect('cust-qwen-forms');
    const { reply } = await ask(socket, 'How long does delivery to Muscat take?');
    expect(reply.kind).toBe('answer');
    const text = String(reply.text);
    // The citation that followed the full stop in lenticular brackets is shown where the check
    // read it: before the stop of its own sentence, in the form the page links.
    expect(text).toMatch(
      /^Sure! .+ \[[a-z0-9-]+#\d+\]\. Let me know if you have any other questions!$/,
    );
    expect(text).not.toMatch(/[【】]/);
    const reader = stack.gateway.app.get(TurnTraceReader);
    const trace = await eventually(async () => {
      const [turn] = await reader.ofConversation(conversationId);
      return turn?.reply ? turn : false;
    });
    expect(trace.draft).toMatch(/【[a-z0-9-]+#\d+】/);
    expect(trace.reply).toBe(text);
    expect(trace.validation?.passed).toBe(true);
    expect(trace.validation?.sentences.map((s) => s.text).join(' ')).toBe(text);
    socket.close();
  });

  it('sends the model request with tools and thinking off', async () => {
    const request = llm.requests.at(-1)!;
    expect(
      (request.tools ?? []).map((t) => (t as { function: { name: string } }).function.name),
    ).toEqual(expect.arrayContaining(['search_knowledge_base', 'escalate', 'get_order_status']));
    expect(request.chatTemplateKwargs).toEqual({ enable_thinking: false });
  });
});
