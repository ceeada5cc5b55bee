import { rerankerEnv } from '@support/models';
import { busEnv, httpEnv } from '@support/platform/pure';

/** Every environment variable the reranker-proxy service reads. */
export const rerankerProxyEnv = { ...busEnv, ...httpEnv, ...rerankerEnv };
