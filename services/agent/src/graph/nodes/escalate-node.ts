import type { TranscriptEntryDto } from '@support/contracts';
import { type ChatMessage, userText } from '@support/models';
import { handoffText, turnOutcome, waitingText } from '@support/policy';
import { type SupportSchedule, supportAvailability } from '../../support-hours/support-hours.js';
import type { AgentPorts } from '../agent-ports.js';
import type { AgentStateUpdate, AgentStateValue } from '../agent-state.js';
import { turnOf } from './turn-of.js';

function transcriptOf(messages: readonly ChatMessage[], at: string): TranscriptEntryDto[] {
  return messages.flatMap((m): TranscriptEntryDto[] => {
    if (m.role === 'user') return [{ role: 'customer', text: userText(m), at }];
    if (m.role === 'assistant' && m.content.trim()) return [{ role: 'agent', text: m.content, at }];
    return [];
  });
}

/**
 * The `force_escalate` node: the fixed handoff text (with the wait to expect) to the customer and
 * `escalation.raised` to the team, then the turn's `turn.outcome`. Only a route's handoff leads here, and it stamps the reason.
 */
export function escalateNode(ports: AgentPorts, schedule: SupportSchedule) {
  return async (state: AgentStateValue): Promise<AgentStateUpdate> => {
    const reason = state.escalationReason;
    if (reason === null) throw new Error('force_escalate reached without an escalation reason');
    const turn = turnOf(state);
    const text = waitingText(
      handoffText(reason),
      state.language,
      supportAvailability(ports.now(), schedule),
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
    await ports.recordOutcome(turn, turnOutcome({ next: 'escalate', reason }));
    // The signal the model sees on its next turn: the abstention, and that a human took over.
    return { messages: [{ role: 'assistant', content: text }] };
  };
}
