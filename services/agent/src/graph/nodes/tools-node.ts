import type { ChunkDto, RetrievalCompletedPayload } from '@support/contracts';
import type { AssistantMessage, ToolCall, ToolMessage } from '@support/models';
import { asksForHuman, detectOrderIntent } from '@support/reading';
import {
  afterTools,
  chunksOfChosenSection,
  chosenSectionQuery,
  type ClarifyOption,
  clarifyOrHandoff,
  type ClarifySettings,
  decideClarification,
  ESCALATE_TOOL,
  formatChunksForPrompt,
  SEARCH_KNOWLEDGE_BASE_TOOL,
  TOOL_REPLIES,
  type ToolCallResult,
  unknownToolReply,
} from '@support/policy';
import type { AgentPorts } from '../agent-ports.js';
import type { AgentStateValue } from '../agent-state.js';
import { toolResultAsChunk } from '../tool-records.js';
import { follow } from './follow-route.js';
import { turnOf } from './turn-of.js';

function mergeChunks(current: readonly ChunkDto[], added: readonly ChunkDto[]): ChunkDto[] {
  const byId = new Map(current.map((c) => [c.chunkId, c]));
  for (const chunk of added) if (!byId.has(chunk.chunkId)) byId.set(chunk.chunkId, chunk);
  return [...byId.values()];
}

const asPromptBlock = (chunks: readonly ChunkDto[]) =>
  formatChunksForPrompt(
    chunks.map(({ chunkId, title, lang, text }) => ({ chunkId, title, lang, text })),
  );

/**
 * After a clarification's choice, a search answers from the chosen section only; when it found
 * nothing there, the gate's verdict stands as if nothing had passed (`below_score_floor`).
 */
function onlyChosenSection(
  found: RetrievalCompletedPayload | null,
  chosen: ClarifyOption | null,
): RetrievalCompletedPayload | null {
  if (found === null || chosen === null || found.verdict !== 'ok') return found;
  const chunks = chunksOfChosenSection(found.chunks, chosen);
  return chunks.length > 0
    ? { ...found, chunks }
    : { ...found, verdict: 'below_score_floor', chunks: found.chunks };
}

/** What one call did: the route's view of it, the model's reply, and the chunks it brought. */
interface CallOutcome {
  readonly result: ToolCallResult;
  readonly reply: string;
  readonly promptChunks?: readonly ChunkDto[];
  readonly retrieved?: ChunkDto[];
  /** An order tool's result as data, beside its sentences (see `ToolMessage.data`). */
  readonly data?: unknown;
  /** A knowledge-base search's whole result (the clarification reads its chunks and gate). */
  readonly search?: RetrievalCompletedPayload;
}

async function runCall(
  ports: AgentPorts,
  state: AgentStateValue,
  call: ToolCall,
  ordinal: number,
): Promise<CallOutcome> {
  const other = { kind: 'other' } as const;
  if (call.name === ESCALATE_TOOL)
    return { result: { kind: 'escalate' }, reply: TOOL_REPLIES.handedOver };
  if (call.malformed) return { result: other, reply: TOOL_REPLIES.invalidArguments };
  if (call.name === SEARCH_KNOWLEDGE_BASE_TOOL) {
    const asked =
      typeof call.arguments.query === 'string' && call.arguments.query.trim()
        ? call.arguments.query
        : state.question;
    // After a choice the heading steers the search to the section; the answer reads the message.
    const query = state.chosenSection ? chosenSectionQuery(state.chosenSection, asked) : asked;
    const found = onlyChosenSection(
      await ports.searchKnowledgeBase(query, turnOf(state), call.id),
      state.chosenSection,
    );
    const retrieval = found?.verdict ?? 'no_answer';
    const result = { kind: 'knowledge_base', retrieval } as const;
    const retrieved = found?.chunks ?? [];
    const search = found ?? undefined;
    if (retrieval === 'ok')
      return { result, reply: asPromptBlock(retrieved), promptChunks: retrieved, retrieved };
    const reply =
      retrieval === 'below_score_floor'
        ? TOOL_REPLIES.nothingAnswers
        : TOOL_REPLIES.knowledgeBaseUnavailable;
    return { result, reply, retrieved, ...(search ? { search } : {}) };
  }
  const tool = ports.tools.find((t) => t.name === call.name);
  if (!tool) return { result: other, reply: unknownToolReply(call.name) };
  const output = await tool.run(call.arguments, {
    customerId: state.customerId,
    now: ports.now(),
    turnId: state.turnId,
    callId: call.id,
  });
  const record = toolResultAsChunk(call.name, ordinal, output, state.language);
  return { result: other, reply: asPromptBlock([record]), promptChunks: [record], data: output };
}

/**
 * The `tools` node: runs the model's calls in its order until one ends the turn (the calls after
 * it are answered, not run), and hands the results to the route; a search under the floor may
 * become a clarifying question instead of a handoff (`clarifyOrHandoff`).
 */
export function toolsNode(ports: AgentPorts, clarify: ClarifySettings) {
  return async (state: AgentStateValue) => {
    const last = state.messages.at(-1) as AssistantMessage;
    const replies: ToolMessage[] = [];
    const results: ToolCallResult[] = [];
    let promptChunks = state.promptChunks;
    let retrievedChunks = state.retrievedChunks;
    let belowFloor: RetrievalCompletedPayload | undefined;
    let orderToolRan = false;
    for (const call of last.toolCalls ?? []) {
      const answer = (content: string, data?: unknown) =>
        replies.push({
          role: 'tool',
          toolCallId: call.id,
          content,
          ...(data === undefined ? {} : { data }),
        });
      if (afterTools(results).next === 'escalate') {
        answer(TOOL_REPLIES.notRun);
        continue;
      }
      const outcome = await runCall(ports, state, call, promptChunks.length + 1);
      results.push(outcome.result);
      if (outcome.search?.verdict === 'below_score_floor') belowFloor = outcome.search;
      if (outcome.data !== undefined) orderToolRan = true;
      answer(outcome.reply, outcome.data);
      if (outcome.promptChunks) promptChunks = mergeChunks(promptChunks, outcome.promptChunks);
      if (outcome.retrieved)
        retrievedChunks = outcome.retrieved.map(({ chunkId, score }) => ({ chunkId, score }));
    }
    let offeredOptions: readonly ClarifyOption[] = [];
    const route = clarifyOrHandoff(afterTools(results), () => {
      const decision = decideClarification({
        settings: clarify,
        retrieval: belowFloor ?? { verdict: 'below_score_floor', chunks: [] },
        afterClarification: state.afterClarification,
        asksForHuman: asksForHuman(state.question),
        orderQuestion: orderToolRan || detectOrderIntent(state.question) !== null,
      });
      if (decision.clarify) offeredOptions = decision.options;
      return decision;
    });
    const offered = route.next === 'clarify' ? { offeredOptions: [...offeredOptions] } : {};
    return follow(route, { messages: replies, promptChunks, retrievedChunks, ...offered });
  };
}
