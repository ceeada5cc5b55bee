import { Command, END } from '@langchain/langgraph';
import type { TurnRoute, TurnStep } from '@support/policy';
import type { AgentStateUpdate } from '../agent-state.js';

export const NODES = {
  startTurn: 'start_turn',
  clarificationAnswer: 'clarification_answer',
  clarify: 'clarify',
  agent: 'agent',
  tools: 'tools',
  validate: 'validate',
  forceEscalate: 'force_escalate',
  humanReview: 'human_review',
} as const;

const NODE_OF_STEP = {
  model: NODES.agent,
  tools: NODES.tools,
  validate: NODES.validate,
  clarify: NODES.clarify,
  end: END,
} as const satisfies Record<TurnStep, string>;

/**
 * A node's update and the route `@support/policy` chose, as one LangGraph command: the state and
 * the next node change together, and a handoff stamps its reason as it goes, so `force_escalate`
 * always finds the reason of the route that sent the turn there.
 */
export function follow(route: TurnRoute, update: AgentStateUpdate = {}) {
  return route.next === 'escalate'
    ? new Command({
        update: { ...update, escalationReason: route.reason },
        goto: NODES.forceEscalate,
      })
    : new Command({ update, goto: NODE_OF_STEP[route.next] });
}
