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
