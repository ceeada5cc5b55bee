export {
  type DatabaseOptions,
  ensureDatabaseExists,
  MIGRATIONS as PROJECTION_MIGRATIONS,
  openDatabase,
} from './database.js';
export { type ProcessedEvent, schemaOf, type SequencedEvent } from './processed-events.js';
export { checkedSchemaName, quoteIdentifier, schemaNameProblem } from './sql-identifier.js';
export { PersistenceModule, personalDataOf } from './persistence.module.js';
export { type Projection } from './projections/projection.js';
export { runProjection } from './projections/projection-runner.js';
export { projectionEvents } from './projections/projection-events.js';
export {
  type ConversationState,
  type MessageRole,
  type MessageState,
  type TurnState,
  type TurnStatus,
} from './projections/conversations/conversation-model.js';
export { isoTimestamp } from './projections/conversations/conversation-entities.js';
export {
  type ConversationChanges,
  type ConversationRows,
} from './projections/conversations/project-conversation.js';
export { ConversationReader } from './projections/conversations/conversation-reader.js';
export {
  type EscalationChunk,
  type EscalationState,
} from './projections/escalations/escalation-model.js';
export { EscalationEntity } from './projections/escalations/escalation-entities.js';
export { claimSequenceOf } from './projections/escalations/project-escalation.js';
export { applyEscalationEvents } from './projections/escalations/escalation-projector.js';
export { escalationsProjection } from './projections/escalations/escalations.projection.js';
export { clarificationsProjection } from './projections/clarifications/clarifications.projection.js';
export {
  type TurnRoute,
  type TurnTraceError,
  type TurnTraceEventRef,
  type TurnTraceFused,
  type TurnTraceGate,
  type TurnTraceLeg,
  type TurnTracePromptChunk,
  type TurnTraceRerank,
  type TurnTraceRetrieval,
  type TurnTraceSentence,
  type TurnTraceSentenceGate,
  type TurnTraceState,
  type TurnTraceValidation,
} from './projections/turn-traces/turn-trace-model.js';
export { openTurnTrace, TurnTraceReader } from './projections/turn-traces/turn-trace-reader.js';
export { renderTrace } from './projections/turn-traces/render-trace.js';
export {
  type ReplayFailure,
  replayFromStart,
  type ReplayOptions,
  type ReplayProgress,
  type ReplayResult,
} from './replay/replay.js';
export { dumpTable } from './table-dump.js';
export { storableText, storableValue } from './storable.js';
export { ALL_PROJECTIONS } from './projections/all-projections.js';
export {
  type AcceptedClarificationRecord,
  ClarificationReader,
} from './projections/clarifications/clarification-reader.js';
export {
  LATENCY_BUCKET_LOWER_BOUNDS,
  latencyBucketRange,
} from './projections/dashboard-aggregates/latency-buckets.js';
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
  type KnowledgeDraftState,
  type KnowledgeGlossaryState,
} from './projections/knowledge/knowledge-model.js';
export {
  type AnsweredQuestion,
  type AnsweredReply,
  type DraftRecord,
  KnowledgeReader,
} from './projections/knowledge/knowledge-reader.js';
export { customerMessageRateEnv } from './rate-limits/customer-rate-env.js';
export {
  CustomerRateLimits,
  RateLimitedError,
  type RateLimits,
  type RateRules,
} from './rate-limits/customer-rate-limits.js';
export { type LimitKind, type RateBucketStore } from './rate-limits/rate-bucket-store.js';
export { PostgresRateBuckets } from './rate-limits/postgres-rate-buckets.js';
export {
  msToRefill,
  type TokenBucket,
  type TokenBucketRule,
  type TokenTake,
  takeToken,
} from './rate-limits/token-bucket.js';
export { GatewayLimits1764710000000 } from './rate-limits/migrations/1764710000000-gateway-limits.js';
export { type AdminReplyReceipt, AdminReplyReceipts } from './receipts/admin-reply-receipts.js';
export { type ForgetParts, type ForgetRequest, forgetCustomer } from './forget/forget-customer.js';
export { reapplyForgotten } from './forget/reapply-forgotten.js';
export { exportCustomer } from './forget/export-customer.js';
export { forgetPastRetention } from './forget/retention.js';
