import { type BaseCheckpointSaver, END, START, StateGraph } from '@langchain/langgraph';
import { agentToolSpecs, type ClarifySettings, DEFAULT_CLARIFY_SETTINGS } from '@support/policy';
import { ALWAYS_OPEN, type SupportSchedule } from '../support-hours/support-hours.js';
import type { AgentPorts } from './agent-ports.js';
import { AgentState } from './agent-state.js';
import { DEFAULT_PROMPT_BUDGET, type PromptBudget } from './prompt-window.js';
import { clarificationAnswerNode } from './nodes/clarification-answer-node.js';
import { clarifyNode } from './nodes/clarify-node.js';
import { escalateNode } from './nodes/escalate-node.js';
import { NODES } from './nodes/follow-route.js';
import { humanReview } from './nodes/human-review-node.js';
import { modelNode } from './nodes/model-node.js';
import { startTurn } from './nodes/start-turn.js';
import { toolsNode } from './nodes/tools-node.js';
import type { ReplyChecks } from './nodes/check-draft.js';
import { validateNode } from './nodes/validate-node.js';

export interface AgentGraphOptions {
  /** Hosts an answer may link to or name (`REPLY_LINK_HOSTS`); none by default. */
  readonly linkHosts?: readonly string[];
  /** Share of a cited sentence's words its chunks must hold (`REPLY_MIN_SUPPORTED_SHARE`). */
  readonly minSupportedShare?: number;
  /** Entailment at which the support judge vouches for a sentence (`SUPPORT_JUDGE_MIN_ENTAILMENT`). */
  readonly minEntailment?: number;
  /** When colleagues answer (`SUPPORT_HOURS`): the handoff text says what wait to expect. */
  readonly supportSchedule?: SupportSchedule;
  /** The model's context and the part kept for its answer (`MODEL_CONTEXT_TOKENS`, `MODEL_ANSWER_TOKENS`). */
  readonly promptBudget?: PromptBudget;
  /** Asking which section before a below-floor handoff (`CLARIFY_BEFORE_HANDOFF`, on by default). */
  readonly clarify?: ClarifySettings;
}

/**
 * The agent graph of the design, as wiring: the nodes call the ports (model, tools, bus) and go
 * where `@support/policy`'s turn routes send them. The model never decides whether it failed:
 * retrieval verdicts, the escalate tool and the citation check route a turn to `force_escalate`,
 * which sends a fixed abstention and pauses in `human_review` (a real interrupt, checkpointed)
 * until an admin replies. Nodes with side effects derive every event id from the turn, so
 * LangGraph re-running a node after a crash or a resume publishes nothing new.
 */
export function buildAgentGraph(
  ports: AgentPorts,
  checkpointer: BaseCheckpointSaver,
  options: AgentGraphOptions = {},
) {
  // The model sees the specs only: a tool's `run` stays here.
  const tools = agentToolSpecs(
    ports.tools.map(({ name, description, parameters }) => ({ name, description, parameters })),
  );
  const budget = options.promptBudget ?? DEFAULT_PROMPT_BUDGET;
  const checks: ReplyChecks = {
    linkHosts: options.linkHosts ?? [],
    ...(options.minSupportedShare === undefined
      ? {}
      : { minSupportedShare: options.minSupportedShare }),
    ...(options.minEntailment === undefined ? {} : { minEntailment: options.minEntailment }),
  };
  return new StateGraph(AgentState)
    .addNode(NODES.startTurn, startTurn)
    .addNode(NODES.clarificationAnswer, clarificationAnswerNode(ports), {
      ends: [NODES.agent, NODES.forceEscalate],
    })
    .addNode(NODES.agent, modelNode(ports, tools, budget), {
      ends: [NODES.tools, NODES.validate, NODES.forceEscalate, END],
    })
    .addNode(NODES.tools, toolsNode(ports, options.clarify ?? DEFAULT_CLARIFY_SETTINGS), {
      ends: [NODES.agent, NODES.forceEscalate, NODES.clarify],
    })
    .addNode(NODES.clarify, clarifyNode(ports))
    .addNode(NODES.validate, validateNode(ports, checks), { ends: [END, NODES.forceEscalate] })
    .addNode(NODES.forceEscalate, escalateNode(ports, options.supportSchedule ?? ALWAYS_OPEN))
    .addNode(NODES.humanReview, humanReview)
    .addEdge(START, NODES.startTurn)
    .addEdge(NODES.startTurn, NODES.clarificationAnswer)
    .addEdge(NODES.clarify, END)
    .addEdge(NODES.forceEscalate, NODES.humanReview)
    .addEdge(NODES.humanReview, NODES.agent)
    .compile({ checkpointer });
}

export type AgentGraph = ReturnType<typeof buildAgentGraph>;
