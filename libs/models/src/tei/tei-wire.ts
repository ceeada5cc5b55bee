// Wire types of text-embeddings-inference's `POST /rerank` (snake_case, as the server speaks).

export interface TeiRerankRequest {
  query: string;
  texts: string[];
  /** false: the server applies its activation (sigmoid for one-label cross-encoders). */
  raw_scores: boolean;
  return_text: boolean;
  truncate?: boolean;
}

/** The response is an array of these, sorted by score (highest first), not by index. */
export interface TeiRank {
  index: number;
  score: number;
  text?: string | null;
}

/**
 * `GET /info` (text-embeddings-inference's `Info` schema, docs/openapi.json and router/src/lib.rs,
 * 1.8): what is served and the router's limits. `served_model_name` came with 1.9.
 */
export interface TeiInfoWire {
  model_id: string;
  model_sha: string | null;
  model_dtype: string;
  served_model_name?: string;
  model_type:
    | { embedding: { pooling: string } }
    | { reranker: { id2label: Record<string, string>; label2id: Record<string, number> } }
    | { classifier: { id2label: Record<string, string>; label2id: Record<string, number> } };
  max_concurrent_requests: number;
  max_input_length: number;
  max_batch_tokens: number;
  max_batch_requests: number | null;
  /** Inputs one request may carry (`--max-client-batch-size`, default 32); more is refused. */
  max_client_batch_size: number;
  auto_truncate: boolean;
  tokenization_workers: number;
  version: string;
  sha: string | null;
  docker_label: string | null;
}
