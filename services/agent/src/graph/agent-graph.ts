import { type BaseCheckpointSaver, END, interrupt, START, StateGraph } from '@langchain/langgraph';
import { validateReply } from '@support/citations';
import { groupOf, type ChunkDto, type TranscriptEntryDto } from '@support/contracts';
import {
  type AssistantMessage,
  buildSystemPrompt,
  type ChatMessage,
  ESCALATE_TOOL,
  formatChunksForPrompt,
  SEARCH_KNOWLEDGE_BASE_TOOL,
  type ToolMessage,
  type ToolSpec,
  userText,
} from '@support/models';
import {
  ALWAYS_OPEN,
  type SupportSchedule,
  supportAvailability,
} from '../support-hours/support-hours.js';
import { ABSTENTION, HANDOFF_REQUESTED, waitingText } from './abstention.js';
import { type HumanReviewInterrupt, type HumanReviewResume, isWithdrawal } from './human-review.js';
import { checkReplyLanguage } from './reply-language.js';
import { toolResultAsChunk } from './tool-records.js';
import { compactTurn, foldTurns, splitTurns } from './conversation-memory.js';
import { assemblePrompt, DEFAULT_PROMPT_BUDGET, type PromptBudget } from './prompt-window.js';
import type { AgentPorts, TurnContext } from './agent-ports.js';
import {
  AgentState,
  HISTORY_TURNS_KEPT,
  type AgentStateUpdate,
  type AgentStateValue,
  type ToolSignal,
} from './agent-state.js';

export const NODES = {
  startTurn: 'start_turn',
  agent: 'agent',
  tools: 'tools',
  validate: 'validate',
  setRetrievalUnavailable: 'set_retrieval_unavailable',
  setBelowScoreFloor: 'set_below_score_floor',
  forceEscalate: 'force_escalate',
  humanReview: 'human_review',
} as const;

/** Model calls allowed in one turn before it is treated as a failed answer. */
export const MAX_MODEL_CALLS = 6;

const SEARCH_TOOL: ToolSpec = {
  name: SEARCH_KNOWLEDGE_BASE_TOOL,
  description:
    "Search the shop's policy documents (delivery, returns, exchanges, refunds, payments, account).",
  parameters: { type: 'object', properties: { query: { type: 'string' } }, required: ['query'] },
};
const ESCALATE_SPEC: ToolSpec = {
  name: ESCALATE_TOOL,
  description:
    'Hand the conversation to a human colleague (the customer asked for one, or no tool can help).',
  parameters: { type: 'object', properties: { reason: { type: 'string' } } },
};

const turnOf = (state: AgentStateValue): TurnContext => ({
  customerId: state.customerId,
  conversationId: state.conversationId,
  turnId: state.turnId,
  ...(state.causeEventId ? { causeEventId: state.causeEventId } : {}),
  ...(state.synthetic ? { synthetic: true } : {}),
  language: state.language,
  question: state.question,
  ...(state.namespace ? { namespace: state.namespace } : {}),
});

function mergeChunks(current: readonly ChunkDto[], added: readonly ChunkDto[]): ChunkDto[] {
  const byId = new Map(current.map((c) => [c.chunkId, c]));
  for (const chunk of added) if (!byId.has(chunk.chunkId)) byId.set(chunk.chunkId, chunk);
  return [...byId.values()];
}

function transcriptOf(messages: readonly ChatMessage[], at: string): TranscriptEntryDto[] {
  return messages.flatMap((m): TranscriptEntryDto[] => {
    if (m.role === 'user') return [{ role: 'customer', text: userText(m), at }];
    if (m.role === 'assistant' && m.content.trim()) return [{ role: 'agent', text: m.content, at }];
    return [];
  });
}

export interface AgentGraphOptions {
  /** Hosts an answer may link to or name (`REPLY_LINK_HOSTS`); none by default. */
  readonly linkHosts?: readonly string[];
  /** Share of a cited sentence's words its chunks must hold (`REPLY_MIN_SUPPORTED_SHARE`). */
  readonly minSupportedShare?: number;
  /** When colleagues answer (`SUPPORT_HOURS`): the handoff text says what wait to expect. */
  readonly supportSchedule?: SupportSchedule;
  /** The model's context and the part kept for its answer (`MODEL_CONTEXT_TOKENS`, `MODEL_ANSWER_TOKENS`). */
  readonly promptBudget?: PromptBudget;
}

/**
 * A new turn: the finished turns before the customer's new message move to the compacted history,
 * whose oldest turns beyond {@link HISTORY_TURNS_KEPT} fold into the memory; the messages start over
 * with the new one. Pure, so a re-run gives the same state.
 */
export function startTurn(state: AgentStateValue): AgentStateUpdate {
  const lastUser = state.messages.findLastIndex((m) => m.role === 'user');
  if (lastUser <= 0) return {};
  const finished = splitTurns(state.messages.slice(0, lastUser)).map(compactTurn);
  const turns = [...splitTurns(state.history), ...finished];
  const dropped = turns.slice(0, Math.max(0, turns.length - HISTORY_TURNS_KEPT));
  return {
    messages: { replace: state.messages.slice(lastUser) },
    history: turns.slice(dropped.length).flat(),
    ...(dropped.length ? { memory: foldTurns(state.memory, dropped) } : {}),
  };
}

/**
 * The agent graph of the design. The model never decides whether it failed: retrieval verdicts,
 * the escalate tool and the citation check route a turn to `force_escalate`, which sends a fixed
 * abstention and pauses in `human_review` (a real interrupt, checkpointed) until an admin replies.
 * Nodes with side effects derive every event id from the turn, so LangGraph re-running a node after
 * a crash or a resume publishes nothing new.
 */
export function buildAgentGraph(
  ports: AgentPorts,
  checkpointer: BaseCheckpointSaver,
  options: AgentGraphOptions = {},
) {
  const toolSpecs: ToolSpec[] = [
    SEARCH_TOOL,
    ...ports.tools.map((t) => ({
      name: t.name,
      description: t.description,
      parameters: t.parameters as ToolSpec['parameters'],
    })),
    ESCALATE_SPEC,
  ];

  const agent = async (state: AgentStateValue): Promise<AgentStateUpdate> => {
    if (state.humanReplied || state.escalationReason) return {};
    if (state.modelCalls >= MAX_MODEL_CALLS)
      return { escalationReason: 'answer_validation_failed' };
    const prompt = assemblePrompt({
      systemPrompt: buildSystemPrompt({ language: state.language }),
      tools: toolSpecs,
      memory: state.memory,
      history: state.history,
      current: state.messages,
      budget: options.promptBudget ?? DEFAULT_PROMPT_BUDGET,
    });
    // A turn whose own chunks do not fit would fail at the model server: a human takes it instead.
    if (!prompt.fits)
      return {
        escalationReason: 'answer_validation_failed',
        draft: `prompt over budget: ${prompt.tokens} > ${prompt.limit} tokens`,
      };
    try {
      const completion = await ports.chatModel.complete({
        messages: prompt.messages,
        tools: toolSpecs,
      });
      const message: AssistantMessage = {
        role: 'assistant',
        content: completion.text,
        ...(completion.toolCalls.length ? { toolCalls: completion.toolCalls } : {}),
      };
      return {
        messages: [message],
        draft: completion.toolCalls.length ? null : completion.text,
        modelCalls: state.modelCalls + 1,
      };
    } catch (error) {
      // No model, no validated answer: the turn goes to a human like any failed answer.
      return {
        escalationReason: 'answer_validation_failed',
        draft: `model error: ${(error as Error).message}`,
      };
    }
  };

  const tools = async (state: AgentStateValue): Promise<AgentStateUpdate> => {
    const last = state.messages.at(-1) as AssistantMessage;
    const turn = turnOf(state);
    const replies: ToolMessage[] = [];
    let signal: ToolSignal = null;
    let promptChunks = state.promptChunks;
    let retrievedChunks = state.retrievedChunks;
    for (const call of last.toolCalls ?? []) {
      const answer = (content: string) =>
        replies.push({ role: 'tool', toolCallId: call.id, content });
      if (signal) {
        answer('Not run: the turn was handed to a human.');
      } else if (call.name === ESCALATE_TOOL) {
        signal = 'escalate';
        answer('Handed to a human colleague.');
      } else if (call.malformed) {
        answer('Invalid arguments: send one JSON object matching the tool parameters.');
      } else if (call.name === SEARCH_KNOWLEDGE_BASE_TOOL) {
        const query =
          typeof call.arguments.query === 'string' && call.arguments.query.trim()
            ? call.arguments.query
            : state.question;
        const result = await ports.searchKnowledgeBase(query, turn, call.id);
        retrievedChunks = result?.chunks.map(({ chunkId, score }) => ({ chunkId, score })) ?? [];
        if (!result || result.verdict === 'retrieval_unavailable') {
          signal = 'retrieval_unavailable';
          answer('The knowledge base is unavailable.');
        } else if (result.verdict === 'below_score_floor') {
          signal = 'below_score_floor';
          answer('The knowledge base has nothing that answers this.');
        } else {
          promptChunks = mergeChunks(promptChunks, result.chunks);
          answer(
            formatChunksForPrompt(
              result.chunks.map(({ chunkId, title, lang, text }) => ({
                chunkId,
                title,
                lang,
                text,
              })),
            ),
          );
        }
      } else {
        const tool = ports.tools.find((t) => t.name === call.name);
        if (!tool) {
          answer(`Unknown tool ${call.name}.`);
        } else {
          const output = await tool.run(call.arguments, {
            customerId: state.customerId,
            now: ports.now(),
            turnId: state.turnId,
            callId: call.id,
          });
          const record = toolResultAsChunk(
            call.name,
            promptChunks.length + 1,
            output,
            state.language,
          );
          promptChunks = mergeChunks(promptChunks, [record]);
          answer(
            formatChunksForPrompt([
              {
                chunkId: record.chunkId,
                title: record.title,
                lang: record.lang,
                text: record.text,
              },
            ]),
          );
        }
      }
    }
    return {
      messages: replies,
      toolSignal: signal,
      promptChunks,
      retrievedChunks,
      ...(signal === 'escalate' ? { escalationReason: 'agent_requested' as const } : {}),
    };
  };

  const validate = async (state: AgentStateValue): Promise<AgentStateUpdate> => {
    const draft = state.draft ?? '';
    // The model was given the system prompt; whatever it was talked into, it must not pass it on.
    const verdict = checkReplyLanguage(
      validateReply(draft, state.promptChunks, {
        confidential: [buildSystemPrompt({ language: state.language })],
        linkHosts: options.linkHosts ?? [],
        ...(options.minSupportedShare === undefined
          ? {}
          : { minSupportedShare: options.minSupportedShare }),
      }),
      state.language,
      state.promptChunks.map((chunk) => chunk.lang),
    );
    if (!verdict.passed)
      return { validation: verdict, escalationReason: 'answer_validation_failed' };
    const cited = new Set(verdict.sentences.flatMap((s) => s.citations));
    await ports.sendReply(turnOf(state), {
      kind: 'answer',
      text: draft,
      citations: state.promptChunks
        .filter((c) => cited.has(c.chunkId))
        .map(({ chunkId, docId, title }) => ({ chunkId, docId, title })),
      draft,
      validation: verdict,
    });
    return { validation: verdict };
  };

  const forceEscalate = async (state: AgentStateValue): Promise<AgentStateUpdate> => {
    const reason = state.escalationReason ?? 'answer_validation_failed';
    const turn = turnOf(state);
    // Asking for a person is not a failure to answer: the customer hears that one is on the way.
    const text = waitingText(
      reason === 'agent_requested' ? HANDOFF_REQUESTED : ABSTENTION,
      state.language,
      supportAvailability(ports.now(), options.supportSchedule ?? ALWAYS_OPEN),
    );
    await ports.sendReply(turn, {
      kind: 'abstention',
      text,
      citations: [],
      ...(state.draft ? { draft: state.draft } : {}),
      ...(state.validation ? { validation: state.validation } : {}),
    });
    const transcript = transcriptOf(
      [...state.history, ...state.messages],
      ports.now().toISOString(),
    );
    await ports.raiseEscalation(turn, {
      reason,
      transcript,
      chunks: state.retrievedChunks,
      ordersMentioned: [
        ...new Set([
          ...state.memory.orders,
          ...transcript
            .flatMap((t) => t.text.match(/\bORD-\d+\b/gi) ?? [])
            .map((o) => o.toUpperCase()),
        ]),
      ],
    });
    // The signal the model sees on its next turn: the abstention, and that a human took over.
    return {
      messages: [{ role: 'assistant', content: text }],
      escalationReason: reason,
    };
  };

  /**
   * Side-effect free: LangGraph runs it again from the start when it is resumed, by the admin's
   * reply (their words join the conversation) or by the customer withdrawing the request (the
   * assistant has the conversation again; nothing is added).
   */
  const humanReview = (state: AgentStateValue): AgentStateUpdate => {
    const resumed = interrupt<HumanReviewInterrupt, HumanReviewResume>({
      reason: state.escalationReason,
      group: state.escalationReason ? groupOf(state.escalationReason) : null,
      turnId: state.turnId,
    });
    if (isWithdrawal(resumed)) return { humanReplied: true };
    return { messages: [{ role: 'assistant', content: resumed }], humanReplied: true };
  };

  return new StateGraph(AgentState)
    .addNode(NODES.startTurn, startTurn)
    .addNode(NODES.agent, agent)
    .addNode(NODES.tools, tools)
    .addNode(NODES.validate, validate)
    .addNode(NODES.setRetrievalUnavailable, () => ({
      escalationReason: 'retrieval_unavailable' as const,
    }))
    .addNode(NODES.setBelowScoreFloor, () => ({ escalationReason: 'below_score_floor' as const }))
    .addNode(NODES.forceEscalate, forceEscalate)
    .addNode(NODES.humanReview, humanReview)
    .addEdge(START, NODES.startTurn)
    .addEdge(NODES.startTurn, NODES.agent)
    .addConditionalEdges(
      NODES.agent,
      (state) => {
        if (state.humanReplied) return END;
        if (state.escalationReason) return NODES.forceEscalate;
        const last = state.messages.at(-1);
        return last?.role === 'assistant' && last.toolCalls?.length ? NODES.tools : NODES.validate;
      },
      [END, NODES.forceEscalate, NODES.tools, NODES.validate],
    )
    .addConditionalEdges(
      NODES.tools,
      (state) => {
        if (state.toolSignal === 'retrieval_unavailable') return NODES.setRetrievalUnavailable;
        if (state.toolSignal === 'below_score_floor') return NODES.setBelowScoreFloor;
        if (state.toolSignal === 'escalate') return NODES.forceEscalate;
        return NODES.agent;
      },
      [NODES.setRetrievalUnavailable, NODES.setBelowScoreFloor, NODES.forceEscalate, NODES.agent],
    )
    .addEdge(NODES.setRetrievalUnavailable, NODES.forceEscalate)
    .addEdge(NODES.setBelowScoreFloor, NODES.forceEscalate)
    .addConditionalEdges(
      NODES.validate,
      (state) => (state.validation?.passed ? END : NODES.forceEscalate),
      [END, NODES.forceEscalate],
    )
    .addEdge(NODES.forceEscalate, NODES.humanReview)
    .addEdge(NODES.humanReview, NODES.agent)
    .compile({ checkpointer });
}

export type AgentGraph = ReturnType<typeof buildAgentGraph>;

/** The state a new customer message starts a turn with. */
export function newTurnInput(
  turn: TurnContext & { text: string; images: { mimeType: string; dataBase64: string }[] },
) {
  const content = turn.images.length
    ? [
        { type: 'text' as const, text: turn.text },
        ...turn.images.map((i) => ({ type: 'image' as const, ...i })),
      ]
    : turn.text;
  return {
    messages: [{ role: 'user' as const, content }],
    customerId: turn.customerId,
    conversationId: turn.conversationId,
    turnId: turn.turnId,
    turnIds: [turn.turnId],
    causeEventId: turn.causeEventId ?? null,
    synthetic: turn.synthetic === true,
    question: turn.question,
    namespace: turn.namespace ?? null,
    language: turn.language,
    promptChunks: [],
    retrievedChunks: [],
    toolSignal: null,
    escalationReason: null,
    draft: null,
    validation: null,
    modelCalls: 0,
    humanReplied: false,
  } satisfies AgentStateUpdate;
}
