import type { AgentStateUpdate } from './agent-state.js';
import type { TurnContext } from './agent-ports.js';

/** The state a new customer message starts a turn with. */
export function newTurnInput(
  turn: TurnContext & {
    text: string;
    images: { mimeType: string; dataBase64: string }[];
    /** The option of an earlier reply this message chose, if any. */
    choiceOptionId?: string;
  },
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
    escalationReason: null,
    draft: null,
    validation: null,
    modelCalls: 0,
    humanReplied: false,
    // `clarification` is left as it is: the turn's first node reads and clears it.
    choiceOptionId: turn.choiceOptionId ?? null,
    afterClarification: false,
    chosenSection: null,
    offeredOptions: [],
  } satisfies AgentStateUpdate;
}
