// Wire types of text-embeddings-inference's `POST /rerank`, `POST /predict` and `GET /info`
// (snake_case, as the server speaks; docs/openapi.json).

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
 * `POST /predict` with a batch of (premise, hypothesis) pairs, as a sequence classifier (an NLI
 * cross-encoder) reads them. `inputs` may also be one text, or one pair; a batch is what is sent.
 */
export interface TeiPredictRequest {
  inputs: [string, string][];
  /** false: the server applies its softmax, so the labels' scores of a pair sum to 1. */
  raw_scores: boolean;
  /** Cut a pair longer than the model's input to it rather than refusing the request. */
  truncate?: boolean;
}

/** One label's score; the response to a batch is one array of these per input, in input order. */
export interface TeiPrediction {
  label: string;
  score: number;
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
