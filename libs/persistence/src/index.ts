export * from './pure.js';
export {
  type DatabaseOptions,
  ensureDatabaseExists,
  MIGRATIONS as PROJECTION_MIGRATIONS,
  openDatabase,
} from './database.js';
export { type ProcessedEvent, schemaOf, type SequencedEvent } from './processed-events.js';
export { PersistenceModule, personalDataOf } from './persistence.module.js';
export { type Projection } from './projections/projection.js';
export { runProjection } from './projections/projection-runner.js';
export { projectionEvents } from './projections/projection-events.js';
export {
  type ConversationChanges,
  type ConversationRows,
} from './projections/conversations/project-conversation.js';
export { ConversationReader } from './projections/conversations/conversation-reader.js';
export { EscalationEntity } from './projections/escalations/escalation-entities.js';
export { claimSequenceOf } from './projections/escalations/project-escalation.js';
export { applyEscalationEvents } from './projections/escalations/escalation-projector.js';
export { escalationsProjection } from './projections/escalations/escalations.projection.js';
export { clarificationsProjection } from './projections/clarifications/clarifications.projection.js';
export { openTurnTrace, TurnTraceReader } from './projections/turn-traces/turn-trace-reader.js';
export {
  type ReplayFailure,
  replayFromStart,
  type ReplayOptions,
  type ReplayProgress,
  type ReplayResult,
} from './replay/replay.js';
export { dumpTable } from './table-dump.js';
export { ALL_PROJECTIONS } from './projections/all-projections.js';
export {
  type AcceptedClarificationRecord,
  ClarificationReader,
} from './projections/clarifications/clarification-reader.js';
export {
  type AggregateTable,
  type Contribution,
  type RowChange,
} from './projections/dashboard-aggregates/aggregate-table.js';
export {
  DASHBOARD_AGGREGATE_TABLES,
  rebuildDashboardAggregates,
} from './projections/dashboard-aggregates/rebuild-dashboard-aggregates.js';
export { type EscalationReplyState } from './projections/escalations/escalation-reply.js';
export {
  type AnsweredQuestion,
  type AnsweredReply,
  type DraftRecord,
  KnowledgeReader,
} from './projections/knowledge/knowledge-reader.js';
export { PostgresRateBuckets } from './rate-limits/postgres-rate-buckets.js';
export { GatewayLimits1764710000000 } from './rate-limits/migrations/1764710000000-gateway-limits.js';
export { type AdminReplyReceipt, AdminReplyReceipts } from './receipts/admin-reply-receipts.js';
export { type ForgetParts, type ForgetRequest, forgetCustomer } from './forget/forget-customer.js';
export { reapplyForgotten } from './forget/reapply-forgotten.js';
export { exportCustomer } from './forget/export-customer.js';
export { forgetPastRetention } from './forget/retention.js';
