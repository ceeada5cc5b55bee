import { describe, expect, it } from '@jest/globals';
import { ConfigError, loadConfig } from '@support/platform/pure';
import { ExtractiveResponder } from '../chat/extractive-responder.js';
import { OpenAiCompatibleChatModel } from '../chat/openai-compatible-chat-model.js';
import { HashingEmbedder } from '../embeddings/hashing-embedder.js';
import { OpenAiCompatibleEmbedder } from '../embeddings/openai-compatible-embedder.js';
import { TeiCrossEncoder } from '../reranker/tei-cross-encoder.js';
import { TeiSupportJudge } from '../support-judge/tei-support-judge.js';
import {
  chatModelFromConfig,
  crossEncoderFromConfig,
  embedderFromConfig,
  embeddingsEnv,
  llmEnv,
  rerankerEnv,
  supportJudgeEnv,
  supportJudgeFromConfig,
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

describe('LLM configuration', () => {
  it('defaults to the extractive responder with the documented defaults', () => {
    const config = loadConfig(llmEnv, {});
    expect(config).toEqual({
      LLM_BASE_URL: undefined,
      LLM_MODEL: 'Qwen/Qwen3-VL-8B-Instruct',
      LLM_TIMEOUT_MS: 30_000,
      LLM_MAX_RETRIES: 1,
    });
    expect(chatModelFromConfig(config)).toBeInstanceOf(ExtractiveResponder);
  });

  it('uses the OpenAI-compatible chat model when LLM_BASE_URL is set', () => {
    const config = loadConfig(llmEnv, {
      LLM_BASE_URL: 'http://vllm:8000/v1',
      LLM_MODEL: 'Qwen/Qwen3-VL-8B-Instruct',
      LLM_MAX_RETRIES: '0',
    });
    const model = chatModelFromConfig(config);
    expect(model).toBeInstanceOf(OpenAiCompatibleChatModel);
    expect(model.id).toBe('openai-compatible:Qwen/Qwen3-VL-8B-Instruct');
  });

  it.each([
    ['LLM_BASE_URL', 'ws://vllm/v1'],
    ['LLM_TIMEOUT_MS', '0'],
    ['LLM_MAX_RETRIES', '-1'],
    ['LLM_MAX_RETRIES', 'twice'],
  ])('stops on a bad %s naming it', (variable, value) => {
    expect(() => loadConfig(llmEnv, { [variable]: value })).toThrow(ConfigError);
    expect(() => loadConfig(llmEnv, { [variable]: value })).toThrow(variable);
  });
});

describe('support judge configuration', () => {
  it('defaults to no judge with the documented defaults', () => {
    const config = loadConfig(supportJudgeEnv, {});
    expect(config).toEqual({
      SUPPORT_JUDGE_URL: undefined,
      SUPPORT_JUDGE_LABEL: 'entailment',
      SUPPORT_JUDGE_MIN_ENTAILMENT: 0.9,
      SUPPORT_JUDGE_TIMEOUT_MS: 2_000,
    });
    expect(supportJudgeFromConfig(config)).toBeNull();
  });

  it('uses the TEI classifier when SUPPORT_JUDGE_URL is set', () => {
    const config = loadConfig(supportJudgeEnv, { SUPPORT_JUDGE_URL: 'http://nli:8080' });
    expect(supportJudgeFromConfig(config)).toBeInstanceOf(TeiSupportJudge);
  });

  it.each([
    ['SUPPORT_JUDGE_URL', 'nats://nli'],
    // Below one half another label may win: the judge would vouch for what it doubts.
    ['SUPPORT_JUDGE_MIN_ENTAILMENT', '0.4'],
    ['SUPPORT_JUDGE_MIN_ENTAILMENT', '1.2'],
    ['SUPPORT_JUDGE_TIMEOUT_MS', '0'],
  ])('stops on a bad %s naming it', (variable, value) => {
    expect(() => loadConfig(supportJudgeEnv, { [variable]: value })).toThrow(variable);
  });
});
