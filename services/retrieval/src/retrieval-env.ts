import { embeddingsEnv } from '@support/models';
import { retrievalBaseEnv } from './config/retrieval-own-env.js';

/** Every environment variable the retrieval service reads. */
export const retrievalEnv = { ...retrievalBaseEnv, ...embeddingsEnv };
