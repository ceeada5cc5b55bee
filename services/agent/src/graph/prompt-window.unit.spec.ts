import { describe, expect, it } from '@jest/globals';
import { MemorySaver } from '@langchain/langgraph';
import type { ChunkDto } from '@support/contracts';
import { type ChatModel, type ChatRequest, estimateRequestTokens } from '@support/models';
import { parseChunksFromToolMessage } from '@support/policy';
import type { AgentPorts, OutgoingReply } from './agent-ports.js';
import { buildAgentGraph } from './agent-graph.js';
import { newTurnInput } from './new-turn-input.js';
import type { AgentStateValue } from './agent-state.js';
import { HISTORY_TURNS_KEPT } from './agent-state.js';
import { assemblePrompt } from './prompt-window.js';
import { EMPTY_MEMORY, memoryNote } from './conversation-memory.js';

const BUDGET = { contextTokens: 12_000, answerTokens: 512 };

/** Each turn retrieves chunks of its own: `turn-<n>#1`, long enough that history must be cut. */
function chunksOfTurn(n: number): ChunkDto[] {
  return [1, 2, 3].map((i) => ({
    chunkId: `turn-${n}#${i}`,
    docId: `turn-${n}`,
    title: `Policy ${n}.${i}`,
    lang: 'en',
    text: `Delivery to zone ${n} takes ${i + 2} working days. ${'Parcels travel by road. '.repeat(20)}`,
    score: 0.9,
  }));
}

function conversation(citeEarlierAt: number) {
  const requests: ChatRequest[] = [];
  const replies: OutgoingReply[] = [];
  let turn = 0;
  const model: ChatModel = {
    id: 'scripted',
    complete: async (request) => {
      requests.push(request);
      const last = request.messages.at(-1)!;
      if (last.role === 'user')
        return {
          text: '',
          toolCalls: [{ id: `s${turn}`, name: 'search_knowledge_base', arguments: { query: 'q' } }],
          finishReason: 'tool_calls',
        };
      const chunk = parseChunksFromToolMessage(last.content as string)![0]!;
      // At `citeEarlierAt` the model cites the previous turn's chunk, which is still in its history.
      const id = turn === citeEarlierAt ? `turn-${turn - 1}#1` : chunk.chunkId;
      return {
        text: `Delivery to zone ${turn - (id === chunk.chunkId ? 0 : 1)} takes 3 working days. [${id}]`,
        toolCalls: [],
        finishReason: 'stop',
      };
    },
  };
  const ports: AgentPorts = {
    chatModel: model,
    tools: [],
    searchKnowledgeBase: async (_q, _t, callId) => ({
      requestId: callId,
      verdict: 'ok',
      language: 'en',
      legs: [],
      fused: [],
      chunks: chunksOfTurn(turn),
      latencyMs: 1,
    }),
    sendReply: async (_t, reply) => {
      replies.push(reply);
    },
    raiseEscalation: async () => undefined,
    offerClarification: async () => undefined,
    recordChoice: async () => undefined,
    recordOutcome: async () => undefined,
    now: () => new Date('2026-12-02T10:00:00Z'),
  };
  const graph = buildAgentGraph(ports, new MemorySaver(), { promptBudget: BUDGET });
  const config = { configurable: { thread_id: 'conv' } };
  return {
    requests,
    replies,
    ask: async (n: number, text: string) => {
      turn = n;
      await graph.invoke(
        newTurnInput({
          customerId: 'c',
          conversationId: 'conv',
          turnId: `t${n}`,
          language: 'en',
          question: text,
          text,
          images: [],
        }),
        config,
      );
      return (await graph.getState(config)).values as AgentStateValue;
    },
  };
}

describe('the prompt window over a long conversation', () => {
  it('fits the budget every call, keeps the newest turns, and remembers an early order', async () => {
    const chat = conversation(-1);
    let state!: AgentStateValue;
    for (let n = 1; n <= 30; n += 1)
      state = await chat.ask(n, n === 2 ? 'Where is my order ORD-1002?' : `Delivery to zone ${n}?`);
    expect(chat.replies.map((r) => r.kind)).toEqual(Array(30).fill('answer'));
    const limit = BUDGET.contextTokens - BUDGET.answerTokens;
    for (const request of chat.requests)
      expect(estimateRequestTokens(request)).toBeLessThanOrEqual(limit);

    const last = chat.requests.at(-1)!;
    const texts = last.messages.map((m) => (typeof m.content === 'string' ? m.content : ''));
    // The newest earlier turn is there, with its results collapsed to ids and titles.
    expect(texts).toContain('Delivery to zone 29?');
    expect(texts.join('\n')).toContain('turn-29#1 (Policy 29.1)');
    expect(texts.join('\n')).not.toContain('Delivery to zone 29 takes 3 working days. Parcels');
    // Turn 2 is long gone from the prompt; its order lives on in the memory note.
    expect(texts).not.toContain('Where is my order ORD-1002?');
    expect(texts[0]).toContain('Orders mentioned: ORD-1002.');

    // Bounded state: the current turn, a few compacted turns, this turn's chunks only.
    expect(state.messages[0]).toEqual({ role: 'user', content: 'Delivery to zone 30?' });
    expect(state.history.filter((m) => m.role === 'user')).toHaveLength(HISTORY_TURNS_KEPT);
    expect(state.memory.orders).toEqual(['ORD-1002']);
    expect(state.promptChunks.map((c) => c.chunkId)).toEqual([
      'turn-30#1',
      'turn-30#2',
      'turn-30#3',
    ]);
    expect(state.turnIds.length).toBeLessThanOrEqual(32);
  });

  it('refuses a citation of an earlier turn\u2019s chunk', async () => {
    const chat = conversation(3);
    for (let n = 1; n <= 3; n += 1) await chat.ask(n, `Delivery to zone ${n}?`);
    expect(chat.replies.map((r) => r.kind)).toEqual(['answer', 'answer', 'abstention']);
    expect(chat.replies[2]!.validation?.passed).toBe(false);
  });

  it('resets the turn-local state when a turn starts', async () => {
    const chat = conversation(-1);
    await chat.ask(1, 'Delivery to zone 1?');
    const state = await chat.ask(2, 'Delivery to zone 2?');
    expect(state.modelCalls).toBe(2);
    expect(state.retrievedChunks.map((c) => c.chunkId)).toEqual([
      'turn-2#1',
      'turn-2#2',
      'turn-2#3',
    ]);
    expect(state.messages.filter((m) => m.role === 'user')).toHaveLength(1);
  });

  it('does not fit when the current turn alone is over the budget', () => {
    const window = assemblePrompt({
      systemPrompt: 'system',
      tools: [],
      memory: EMPTY_MEMORY,
      history: [],
      // Digits are one token each: well over 3,584 tokens.
      current: [
        { role: 'user', content: Array.from({ length: 1000 }, (_, i) => `${i}`).join(' ') },
      ],
      budget: { contextTokens: 4096, answerTokens: 512 },
    });
    expect(window.fits).toBe(false);
  });

  it('writes no note for an empty memory', () => {
    expect(memoryNote(EMPTY_MEMORY)).toBe('');
    expect(memoryNote({ orders: ['ORD-1'], language: 'ar', openQuestion: null })).toContain(
      'The customer wrote in Arabic.',
    );
  });
});
