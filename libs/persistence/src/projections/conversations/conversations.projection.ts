import { TURN_AGGREGATES } from '../dashboard-aggregates/turn-aggregates.js';
import { defineProjection } from '../projection.js';
import { applyConversationEvents } from './conversation-projector.js';
import { CONVERSATION_PROJECTION_EVENTS } from './project-conversation.js';

export const conversationsProjection = defineProjection({
  name: 'conversations',
  events: CONVERSATION_PROJECTION_EVENTS,
  tables: [
    'conversations',
    'messages',
    'turns',
    'conversation_forgotten_customers',
    ...TURN_AGGREGATES.map((a) => a.table),
  ],
  apply: applyConversationEvents,
});
