import { randomUUID } from 'node:crypto';
import { MemorySaver } from '@langchain/langgraph';
import {
  type AgentPorts,
  buildAgentGraph,
  newTurnInput,
  useLeanRunnableScopes,
} from '@support/agent';
import type { RetrievalCompletedPayload } from '@support/contracts';
import type { ChatCompletion, ChatModel } from '@support/models';
import { type RecordedChatRequest, searchThenQuote } from '@support/models/testing';
import { detectLanguage } from '@support/text';
import { ANSWERABLE_QUESTIONS } from './load/conversation-runner.js';
import { localRetrieval, readKb } from './local-retrieval.js';
import { summarise } from './stats.js';

export interface AgentGraphBenchOptions {
  readonly kbDir: string;
  /** Measured turns per round and scope kind. */
  readonly turns: number;
  readonly turnsPerConversation: number;
}

type Print = (row: Record<string, unknown>) => void;

const SCOPES = ['langchain', 'lean'] as const;
const ROUNDS = 2;
const NAMESPACE = 'bench';

/** The bench's model, answering at once: search for the question, then quote a chunk sentence. */
const quotingModel: ChatModel = {
  id: 'bench:search-then-quote',
  complete: async (request): Promise<ChatCompletion> => {
    const reply = searchThenQuote({ messages: request.messages } as unknown as RecordedChatRequest);
    if (reply.kind === 'tool_calls')
      return {
        text: '',
        toolCalls: reply.calls.map((call, i) => ({
          id: `call_${i}`,
          name: call.name,
          arguments: call.arguments as Record<string, unknown>,
        })),
        finishReason: 'tool_calls',
      };
    return { text: reply.kind === 'text' ? reply.text : '', toolCalls: [], finishReason: 'stop' };
  },
};

/**
 * The agent's own work per turn, in process: the real graph (prompt window, routes, citation
 * checks) over LangGraph's `MemorySaver`, with retrieval answered from results computed beforehand
 * over the knowledge base and a model that answers at once. No bus, Postgres or HTTP: this is the
 * floor under the agent time `turns` measures, and it holds still where `turns` moves with the
 * machine. Each round runs both kinds of runnable scope (LangChain's own, and the lean scopes the
 * agent uses: `useLeanRunnableScopes`), one after the other, so JIT warm-up favours neither.
 */
export async function agentGraphBench(options: AgentGraphBenchOptions, print: Print) {
  const { indexer, pipeline } = localRetrieval();
  for (const doc of readKb(options.kbDir)) await indexer.indexDocument(NAMESPACE, doc);
  const retrieved = new Map<string, RetrievalCompletedPayload>();
  for (const question of ANSWERABLE_QUESTIONS)
    retrieved.set(question, await pipeline.retrieve(question, newTrace(), NAMESPACE));
  const replies = new Map<string, number>();
  const ports: AgentPorts = {
    chatModel: quotingModel,
    tools: [],
    searchKnowledgeBase: async (query, _turn, callId) => {
      const found = retrieved.get(query);
      return found ? { ...found, requestId: callId } : null;
    },
    sendReply: async (_turn, reply) => {
      replies.set(reply.kind, (replies.get(reply.kind) ?? 0) + 1);
    },
    raiseEscalation: async () => undefined,
    offerClarification: async () => undefined,
    recordChoice: async () => undefined,
    recordOutcome: async () => undefined,
    now: () => new Date(),
  };
  const graph = buildAgentGraph(ports, new MemorySaver());
  // The questions of `turns` that this retrieval (the lexical reranker, not `turns`' fake
  // cross-encoder) answers: an abstention would pause its conversation for a colleague.
  const questions = ANSWERABLE_QUESTIONS.filter((q) => retrieved.get(q)?.verdict === 'ok');
  let asked = 0;
  const turn = async () => {
    const question = questions[asked % questions.length]!;
    const conversationId = `conversation-${Math.floor(asked / options.turnsPerConversation)}`;
    asked += 1;
    const config = { configurable: { thread_id: conversationId }, durability: 'exit' as const };
    // As the service does: the state read that decides the turn, then the run.
    await graph.getState(config);
    await graph.invoke(
      newTurnInput({
        customerId: 'bench-customer',
        conversationId,
        turnId: randomUUID(),
        language: detectLanguage(question),
        question,
        text: question,
        images: [],
      }),
      config,
    );
  };

  for (let round = 1; round <= ROUNDS; round++)
    for (const scopes of SCOPES) {
      const restore = scopes === 'lean' ? useLeanRunnableScopes() : () => undefined;
      try {
        for (let i = 0; i < Math.min(200, options.turns); i++) await turn();
        replies.clear();
        const wallMs: number[] = [];
        const cpu = process.cpuUsage();
        for (let i = 0; i < options.turns; i++) {
          const started = performance.now();
          await turn();
          wallMs.push(performance.now() - started);
        }
        const used = process.cpuUsage(cpu);
        print({
          bench: 'agent_graph',
          round,
          scopes,
          turns: options.turns,
          questions: questions.length,
          cpu_ms_per_turn: round2((used.user + used.system) / 1000 / options.turns),
          turn_ms: summarise(wallMs),
          replies: Object.fromEntries(replies),
        });
      } finally {
        restore();
      }
    }
}

const round2 = (value: number) => Math.round(value * 100) / 100;

function newTrace() {
  const id = randomUUID();
  return {
    requestId: id,
    conversationId: null,
    turnId: null,
    correlationId: id,
    causationId: null,
  };
}
