import { defineProjection } from '../projection.js';
import { applyClarificationEvents } from './clarification-projector.js';
import { CLARIFICATION_PROJECTION_EVENTS } from './project-clarification.js';

/** Clarifications offered, what customers chose, and the handoffs that still followed. */
export const clarificationsProjection = defineProjection({
  name: 'clarifications',
  events: CLARIFICATION_PROJECTION_EVENTS,
  tables: ['clarifications'],
  apply: applyClarificationEvents,
});
