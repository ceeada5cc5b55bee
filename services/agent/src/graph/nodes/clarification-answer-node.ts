import { afterChoice, readChoice } from '@support/policy';
import type { AgentPorts } from '../agent-ports.js';
import type { AgentStateValue } from '../agent-state.js';
import { follow } from './follow-route.js';
import { turnOf } from './turn-of.js';

/**
 * The `clarification_answer` node, first of every turn: when the last turn asked which section
 * the customer means, this message answers it. A section runs the turn again on the message that
 * was asked about, its search confined to that section (tools node) and its answer judged on that
 * message as a first turn's is; "none of these" hands off as the gate decided; anything else is a
 * new question that is not clarified again. `clarification.chosen` records which, and the pending
 * clarification is cleared: one per message.
 */
export function clarificationAnswerNode(ports: AgentPorts) {
  return async (state: AgentStateValue) => {
    const offer = state.clarification;
    if (offer === null) return follow({ next: 'model' });
    const choice = readChoice(state.choiceOptionId ?? undefined, offer.options);
    const answered = { clarification: null, afterClarification: true };
    await ports.recordChoice(turnOf(state), {
      offer,
      choice,
      ...(state.choiceOptionId ? { optionId: state.choiceOptionId } : {}),
    });
    switch (choice.kind) {
      case 'section':
        return follow(afterChoice('section'), {
          ...answered,
          chosenSection: choice.option,
          question: offer.question,
          language: offer.language,
          messages: { replace: [{ role: 'user', content: offer.question }] },
        });
      case 'none':
        // The colleague sees the message the customer asked, not the button's words.
        return follow(afterChoice('none'), {
          ...answered,
          question: offer.question,
          language: offer.language,
        });
      case 'not_offered':
        return follow(afterChoice('not_offered'), answered);
    }
  };
}
