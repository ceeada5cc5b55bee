import type { Projection } from '../projection.js';
import { applyConversationEvents } from './conversation-projector.js';
import { CONVERSATION_PROJECTION_EVENTS } from './project-conversation.js';

export const conversationsProjection: Projection = {
  name: 'conversations',
  events: CONVERSATION_PROJECTION_EVENTS,
  tables: ['conversations', 'messages', 'turns'],
  apply: applyConversationEvents,
};
