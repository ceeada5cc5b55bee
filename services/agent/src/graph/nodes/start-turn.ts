import { HISTORY_TURNS_KEPT, type AgentStateUpdate, type AgentStateValue } from '../agent-state.js';
import { compactTurn, foldTurns, splitTurns } from '../conversation-memory.js';

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
