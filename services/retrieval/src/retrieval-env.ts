import { busEnv, httpEnv } from '@support/platform';

/** Every environment variable the retrieval service reads. */
export const retrievalEnv = { ...busEnv, ...httpEnv };
