import { clarificationsProjection } from './clarifications/clarifications.projection.js';
import { conversationsProjection } from './conversations/conversations.projection.js';
import { escalationsProjection } from './escalations/escalations.projection.js';
import { knowledgeProjection } from './knowledge/knowledge.projection.js';
import type { Projection } from './projection.js';
import { turnTracesProjection } from './turn-traces/turn-traces.projection.js';

/** Every read model; `replay --from-start` rebuilds them all. */
export const ALL_PROJECTIONS: readonly Projection[] = [
  conversationsProjection,
  escalationsProjection,
  turnTracesProjection,
  knowledgeProjection,
  clarificationsProjection,
];
