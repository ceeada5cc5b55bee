import type { TurnContext } from '../agent-ports.js';
import type { AgentStateValue } from '../agent-state.js';

/** The turn a node works on, from the state: side effects derive their ids from it. */
export const turnOf = (state: AgentStateValue): TurnContext => ({
  customerId: state.customerId,
  conversationId: state.conversationId,
  turnId: state.turnId,
  ...(state.causeEventId ? { causeEventId: state.causeEventId } : {}),
  ...(state.synthetic ? { synthetic: true } : {}),
  language: state.language,
  question: state.question,
  ...(state.namespace ? { namespace: state.namespace } : {}),
});
