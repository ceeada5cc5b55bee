import { describe, expect, it } from '@jest/globals';
import { MemorySaver } from '@langchain/langgraph';
import { validateReply } from '@support/citations';
import type { ChunkDto, EscalationReason, RetrievalCompletedPayload } from '@support/contracts';
import type { ChatCompletion, ChatModel } from '@support/models';
import { escalationGroupOf, type TurnOutcomeDecision } from '@support/policy';
import fc from 'fast-check';
import type { AgentPorts, OutgoingReply } from './agent-ports.js';
import { buildAgentGraph } from './agent-graph.js';
import { newTurnInput } from './new-turn-input.js';

const CHUNKS: ChunkDto[] = [
  {
    chunkId: 'retail-returns#2',
    docId: 'retail-returns',
    title: 'Returns',
    lang: 'en',
    text: 'You can return items within 21 days of the delivery date.',
    score: 0.8,
  },
  {
    chunkId: 'delivery-times-fees#3',
    docId: 'delivery-times-fees',
    title: 'Delivery',
    lang: 'en',
    text: 'Delivery to Muscat takes 3 to 6 working days.',
    score: 0.7,
  },
];

const sentence = fc.oneof(
  fc.constant('You can return items within 21 days of the delivery date.'),
  fc.constant('Delivery to Muscat takes 3 to 6 working days.'),
  fc.constant('Delivery to Muscat takes 2 working days.'),
  fc.constant('Refunds arrive within 45 days.'),
  fc.constant('Hello!'),
  fc.constant('Could you share your order number?'),
  fc.constant('We always offer free shipping worldwide.'),
  fc.string({ maxLength: 40 }),
);
const citation = fc.oneof(
  fc.constant(''),
  fc.constant(' [retail-returns#2]'),
  fc.constant(' [delivery-times-fees#3]'),
  fc.constant(' [invented-doc#1]'),
);
const draft = fc
  .array(
    fc.tuple(sentence, citation).map(([s, c]) => `${s}${c}`),
    { minLength: 0, maxLength: 4 },
  )
  .map((l) => l.join('\n'));

/** One model step: a text reply or a tool call of any kind, well-formed or not. */
const step = fc.oneof(
  draft.map((text): ChatCompletion => ({ text, toolCalls: [], finishReason: 'stop' })),
  fc.constant<ChatCompletion>({
    text: '',
    toolCalls: [{ id: 'c1', name: 'search_knowledge_base', arguments: { query: 'returns' } }],
    finishReason: 'tool_calls',
  }),
  fc.constant<ChatCompletion>({
    text: '',
    toolCalls: [{ id: 'c2', name: 'escalate', arguments: {} }],
    finishReason: 'tool_calls',
  }),
  fc.constant<ChatCompletion>({
    text: '',
    toolCalls: [
      {
        id: 'c3',
        name: 'search_knowledge_base',
        arguments: {},
        malformed: true,
        rawArguments: '{',
      },
    ],
    finishReason: 'tool_calls',
  }),
  fc.constant<ChatCompletion>({
    text: '',
    toolCalls: [{ id: 'c4', name: 'no_such_tool', arguments: {} }],
    finishReason: 'tool_calls',
  }),
);
const verdict = fc.constantFrom<RetrievalCompletedPayload['verdict'] | 'timeout'>(
  'ok',
  'ok',
  'below_score_floor',
  'retrieval_unavailable',
  'timeout',
);

describe('agent graph (property)', () => {
  it('never lets a reply reach the customer without passing validation', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(step, { minLength: 1, maxLength: 8 }),
        verdict,
        async (steps, retrieval) => {
          const replies: OutgoingReply[] = [];
          const escalations: string[] = [];
          const outcomes: TurnOutcomeDecision[] = [];
          let calls = 0;
          const model: ChatModel = {
            id: 'scripted',
            complete: async () => steps[Math.min(calls++, steps.length - 1)]!,
          };
          const ports: AgentPorts = {
            chatModel: model,
            tools: [],
            searchKnowledgeBase: async (_query, _turn, callId) =>
              retrieval === 'timeout'
                ? null
                : {
                    requestId: callId,
                    verdict: retrieval,
                    language: 'en',
                    legs: [],
                    fused: [],
                    chunks: CHUNKS,
                    // Near the floor: a below-floor search from two sections may be clarified.
                    gate: {
                      kind: 'lexical',
                      floor: 0.9,
                      topScore: 0.8,
                      passed: retrieval === 'ok',
                    },
                    latencyMs: 1,
                  },
            sendReply: async (_turn, reply) => {
              replies.push(reply);
            },
            raiseEscalation: async (_turn, escalation) => {
              escalations.push(escalation.reason);
            },
            offerClarification: async () => undefined,
            recordChoice: async () => undefined,
            recordOutcome: async (_turn, outcome) => {
              outcomes.push(outcome);
            },
            now: () => new Date('2026-12-02T10:00:00Z'),
          };
          const graph = buildAgentGraph(ports, new MemorySaver());
          const config = { configurable: { thread_id: 'conv-property' } };
          await graph.invoke(
            newTurnInput({
              customerId: 'c',
              conversationId: 'conv-property',
              turnId: 't1',
              language: 'en',
              question: 'q',
              text: 'q',
              images: [],
            }),
            config,
          );
          const state = await graph.getState(config);
          const paused = state.tasks.some((t) => t.interrupts.length > 0);
          const promptChunks = (state.values as { promptChunks: ChunkDto[] }).promptChunks;

          // Exactly one customer-facing message per turn: a validated answer, the abstention, or
          // a clarifying question whose options are the sections' titles (no facts).
          // and exactly one outcome, the one its reply shows.
          expect(replies).toHaveLength(1);
          expect(outcomes).toHaveLength(1);
          const [reply] = replies;
          const [outcome] = outcomes;
          if (reply!.kind === 'clarification') {
            expect(reply!.citations).toEqual([]);
            expect(reply!.options!.map((o) => o.title).slice(0, -1)).toEqual([
              'Returns',
              'Delivery',
            ]);
            expect(escalations).toEqual([]);
            expect(paused).toBe(false);
            expect(outcome!.outcome).toBe('clarified');
          } else if (reply!.kind === 'answer') {
            expect(validateReply(reply!.text, promptChunks).passed).toBe(true);
            expect(paused).toBe(false);
            expect(escalations).toEqual([]);
            expect(outcome).toEqual({ outcome: 'answered', reason: 'validation_passed' });
          } else {
            expect(reply!.kind).toBe('abstention');
            expect(escalations).toHaveLength(1);
            expect(paused).toBe(true);
            expect(outcome).toEqual({
              outcome: 'escalated',
              reason: escalations[0],
              group: escalationGroupOf(escalations[0] as EscalationReason),
            });
          }
        },
      ),
      { numRuns: 150 },
    );
  });
});
