// `@support/persistence/pure`: the part of the package that needs no database, TypeORM nor
// NestJS (the projections' state types, rate-limit arithmetic, identifiers), for pure code and its
// unit tests: loading the whole package costs a unit suite about a second. The package's index
// re-exports all of it.
export { checkedSchemaName, quoteIdentifier, schemaNameProblem } from './sql-identifier.js';
export {
  type ConversationState,
  type MessageRole,
  type MessageState,
  type TurnState,
  type TurnStatus,
} from './projections/conversations/conversation-model.js';
export {
  type EscalationChunk,
  type EscalationState,
} from './projections/escalations/escalation-model.js';
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
export { isoTimestamp } from './projections/iso-timestamp.js';
export { renderTrace } from './projections/turn-traces/render-trace.js';
export { storableText, storableValue } from './storable.js';
export {
  LATENCY_BUCKET_LOWER_BOUNDS,
  latencyBucketRange,
} from './projections/dashboard-aggregates/latency-buckets.js';
export {
  type KnowledgeDraftState,
  type KnowledgeGlossaryState,
} from './projections/knowledge/knowledge-model.js';
export { customerMessageRateEnv } from './rate-limits/customer-rate-env.js';
export {
  CustomerRateLimits,
  RateLimitedError,
  type RateLimits,
  type RateRules,
} from './rate-limits/customer-rate-limits.js';
export { type LimitKind, type RateBucketStore } from './rate-limits/rate-bucket-store.js';
export {
  msToRefill,
  type TokenBucket,
  type TokenBucketRule,
  type TokenTake,
  takeToken,
} from './rate-limits/token-bucket.js';
