import { describe, expect, it } from '@jest/globals';
import { ConfigError, loadConfig } from '@support/platform';
import { HashingEmbedder } from '../embeddings/hashing-embedder.js';
import { OpenAiCompatibleEmbedder } from '../embeddings/openai-compatible-embedder.js';
import { TeiCrossEncoder } from '../reranker/tei-cross-encoder.js';
import {
  crossEncoderFromConfig,
  embedderFromConfig,
  embeddingsEnv,
  rerankerEnv,
} from './models-env.js';

describe('embeddings configuration', () => {
  it('defaults to the hashing embedder with the documented defaults', () => {
    const config = loadConfig(embeddingsEnv, {});
    expect(config).toEqual({
      EMBEDDINGS_BASE_URL: undefined,
      EMBEDDINGS_MODEL: 'Qwen/Qwen3-Embedding-0.6B',
      EMBEDDINGS_TIMEOUT_MS: 10_000,
      EMBEDDINGS_BATCH: 32,
    });
    const embedder = embedderFromConfig(config);
    expect(embedder).toBeInstanceOf(HashingEmbedder);
    expect(embedder.dimensions).toBe(1024);
  });

  it('uses the OpenAI-compatible server when EMBEDDINGS_BASE_URL is set', () => {
    const config = loadConfig(embeddingsEnv, {
      EMBEDDINGS_BASE_URL: 'http://vllm:8000/v1',
      EMBEDDINGS_MODEL: 'some/model',
      EMBEDDINGS_BATCH: '8',
    });
    const embedder = embedderFromConfig(config);
    expect(embedder).toBeInstanceOf(OpenAiCompatibleEmbedder);
    expect(embedder.id).toBe('openai-compatible:some/model:1024');
  });

  it.each([
    ['EMBEDDINGS_BASE_URL', 'ftp://vllm/v1'],
    ['EMBEDDINGS_BASE_URL', 'not a url'],
    ['EMBEDDINGS_BATCH', '0'],
    ['EMBEDDINGS_TIMEOUT_MS', 'soon'],
  ])('stops on a bad %s naming it', (variable, value) => {
    expect(() => loadConfig(embeddingsEnv, { [variable]: value })).toThrow(ConfigError);
    expect(() => loadConfig(embeddingsEnv, { [variable]: value })).toThrow(variable);
  });
});

describe('reranker configuration', () => {
  it('has no cross-encoder when RERANKER_URL is unset', () => {
    const config = loadConfig(rerankerEnv, {});
    expect(config).toEqual({ RERANKER_URL: undefined, RERANK_TIMEOUT_MS: 1_500 });
    expect(crossEncoderFromConfig(config)).toBeNull();
  });

  it('uses the TEI cross-encoder when RERANKER_URL is set', () => {
    const config = loadConfig(rerankerEnv, {
      RERANKER_URL: 'http://reranker:8080',
      RERANK_TIMEOUT_MS: '900',
    });
    expect(crossEncoderFromConfig(config)).toBeInstanceOf(TeiCrossEncoder);
  });

  it('stops on a bad RERANKER_URL naming it', () => {
    expect(() => loadConfig(rerankerEnv, { RERANKER_URL: 'nats://x' })).toThrow('RERANKER_URL');
  });
});
