import { clarificationReply, turnOutcome } from '@support/policy';
import type { AgentPorts } from '../agent-ports.js';
import type { AgentStateValue, AgentStateUpdate } from '../agent-state.js';
import { turnOf } from './turn-of.js';

/**
 * The `clarify` node: instead of the `below_score_floor` handoff, the fixed clarifying question
 * with the sections the route chose as options (titles, never facts) and "none of these", then
 * `clarification.offered`, then `turn.outcome`; the turn ends, and the customer's next message answers it.
 */
export function clarifyNode(ports: AgentPorts) {
  return async (state: AgentStateValue): Promise<AgentStateUpdate> => {
    const turn = turnOf(state);
    const reply = clarificationReply(state.offeredOptions, state.language);
    await ports.sendReply(turn, { kind: 'clarification', citations: [], ...reply });
    const offer = {
      offerTurnId: state.turnId,
      question: state.question,
      language: state.language,
      options: state.offeredOptions,
    };
    await ports.offerClarification(turn, offer);
    await ports.recordOutcome(turn, turnOutcome({ next: 'clarify' }));
    // What the model reads on the next turn: the question it asked, with the options.
    const asked = [reply.text, ...reply.options.map((o) => `- ${o.title}`)].join('\n');
    return { clarification: offer, messages: [{ role: 'assistant', content: asked }] };
  };
}
