import { TURN_TRACE_AGGREGATES } from '../dashboard-aggregates/retrieval-health-aggregates.js';
import { defineProjection } from '../projection.js';
import { TURN_TRACE_PROJECTION_EVENTS } from './project-turn-trace.js';
import { applyTurnTraceEvents } from './turn-trace-projector.js';

export const turnTracesProjection = defineProjection({
  name: 'turn_traces',
  events: TURN_TRACE_PROJECTION_EVENTS,
  tables: ['turn_traces', ...TURN_TRACE_AGGREGATES.map((a) => a.table)],
  apply: applyTurnTraceEvents,
});
