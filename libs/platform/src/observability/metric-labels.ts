/**
 * Label values the support metrics take. Every one is from a closed set (never a conversation,
 * turn or customer id), so a series count stays bounded whatever the traffic.
 */

/** What became of a customer's message: the dashboard's turn statuses. */
export type TurnRoute = 'answered' | 'escalated' | 'held' | 'clarified';

/** `reason` of a turn that was not escalated. */
export const NO_REASON = 'none';

/** The stages whose latency is measured, by the service that measures them. */
export const STAGES = [
  // gateway: customer message acknowledged by the stream -> first reply of its turn delivered
  'gateway_turn',
  // agent: a customer message handled (graph run to its reply or its interrupt)
  'agent_turn',
  // agent: one chat model call
  'model',
  // agent: one knowledge-base search round trip (retrieval.requested -> retrieval.completed)
  'kb_search',
  // agent: one support judge call (every question of a reply)
  'support_judge',
  // retrieval: one retrieval request, all legs, fusion, rerank and gates
  'retrieval',
  // retrieval: one leg each (timed-out legs count at their deadline)
  'leg_dense',
  'leg_sparse_en',
  'leg_sparse_ar',
  // retrieval: the rerank round trip to the proxy (rerank.requested -> rerank.completed)
  'rerank',
  // reranker-proxy: scoring one request (cross-encoder call or the local lexical scorer)
  'rerank_scoring',
] as const;
export type Stage = (typeof STAGES)[number];

/** Why a rerank fell back to RRF order and the lexical gate. */
export type RerankFailOpenCause =
  'timeout' | 'bus_unavailable' | 'reranker_failed' | 'invalid_response';

/** Why a consumer dead-lettered a message: as `deadletter.recorded` says. */
export type DeadLetterCause = 'invalid' | 'exhausted';
