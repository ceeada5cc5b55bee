import { rerankerEnv } from '@support/models';
import { busEnv, databaseEnv, httpEnv } from '@support/platform/pure';
import { personalDataEnv } from '@support/privacy';

/** Every environment variable the reranker-proxy service reads. */
export const rerankerProxyEnv = {
  ...busEnv,
  ...httpEnv,
  ...rerankerEnv,
  // The query comes sealed under the customer's key: opened with the keys in the database.
  ...databaseEnv,
  ...personalDataEnv,
};
