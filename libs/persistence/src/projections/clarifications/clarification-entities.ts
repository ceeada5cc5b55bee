import { EntitySchema } from 'typeorm';
import { isoTimestamp } from '../iso-timestamp.js';
import type { ClarificationState } from './clarification-model.js';

const time = (name: string) =>
  ({ type: 'timestamptz', name, nullable: true, transformer: isoTimestamp }) as const;
const text = (name: string) => ({ type: 'text', name, nullable: true }) as const;

export const ClarificationEntity = new EntitySchema<ClarificationState>({
  name: 'Clarification',
  tableName: 'clarifications',
  columns: {
    offerTurnId: { type: 'text', primary: true, name: 'offer_turn_id' },
    conversationId: text('conversation_id'),
    customerId: text('customer_id'),
    offeredAt: time('offered_at'),
    language: text('language'),
    question: text('question'),
    sections: { type: 'jsonb', nullable: true },
    outcome: text('outcome'),
    choiceTurnId: text('choice_turn_id'),
    chosenAt: time('chosen_at'),
    chosenDocId: text('chosen_doc_id'),
    chosenTitle: text('chosen_title'),
    synthetic: { type: 'boolean' },
  },
});
