import type { TeiInfoWire } from '../tei/tei-wire.js';

// text-embeddings-inference 1.8 (the image deploy/ runs, `cpu-1.8`) as its authors publish it:
// `GET /info` is the `Info` schema of docs/openapi.json (router/src/lib.rs), the router's defaults
// from router/src/main.rs (`--max-client-batch-size` 32, `--max-concurrent-requests` 512,
// `--max-batch-tokens` 16384), a CPU image's dtype float32. A request over the client batch size is
// refused in router/src/http/server.rs with "batch size {n} > maximum allowed batch size {max}",
// error type `Validation`, which 1.8 maps to 413 (1.9 maps it to 422).

/** The labels of an NLI classifier, in id order (MoritzLaurer/mDeBERTa-v3-base-xnli-...'s config). */
export const NLI_LABELS = ['entailment', 'neutral', 'contradiction'] as const;

/** `id2label` and `label2id` of a model with these labels, in id order. */
function labelMaps(labels: readonly string[]) {
  return {
    id2label: Object.fromEntries(labels.map((label, id) => [String(id), label])),
    label2id: Object.fromEntries(labels.map((label, id) => [label, id])),
  };
}

/** TEI 1.8's `GET /info` for a model of `type` (a classifier's labels in id order). */
export function teiInfo(
  modelId: string,
  type: 'embedding' | 'reranker' | 'classifier',
  maxClientBatchSize: number,
  labels: readonly string[] = NLI_LABELS,
): TeiInfoWire {
  return {
    model_id: modelId,
    model_sha: null,
    model_dtype: 'float32',
    model_type:
      type === 'embedding'
        ? { embedding: { pooling: 'last_token' } }
        : type === 'reranker'
          ? { reranker: labelMaps(['LABEL_0']) }
          : { classifier: labelMaps(labels) },
    max_concurrent_requests: 512,
    max_input_length: type === 'embedding' ? 32768 : 8192,
    max_batch_tokens: 16384,
    max_batch_requests: null,
    max_client_batch_size: maxClientBatchSize,
    auto_truncate: false,
    tokenization_workers: 4,
    version: '1.8.3',
    sha: null,
    docker_label: null,
  };
}

/** The words of TEI's refusal of a request with too many inputs. */
export function overLimitMessage(size: number, max: number): string {
  return `batch size ${size} > maximum allowed batch size ${max}`;
}

/** TEI 1.8's status for that refusal (`ErrorType::Validation`). */
export const OVER_LIMIT_STATUS = 413;
