import { ESCALATION_AGGREGATES } from '../dashboard-aggregates/escalation-aggregates.js';
import { defineProjection } from '../projection.js';
import { applyEscalationEvents } from './escalation-projector.js';
import { ESCALATION_PROJECTION_EVENTS } from './project-escalation.js';

export const escalationsProjection = defineProjection({
  name: 'escalations',
  events: ESCALATION_PROJECTION_EVENTS,
  tables: ['escalations', 'escalation_replies', ...ESCALATION_AGGREGATES.map((a) => a.table)],
  apply: applyEscalationEvents,
});
