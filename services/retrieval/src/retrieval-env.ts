import { embeddingsEnv } from '@support/models';
import { databaseEnv } from '@support/platform';
import { personalDataEnv } from '@support/privacy';
import { retrievalBaseEnv } from './config/retrieval-own-env.js';

/** Every environment variable the retrieval service reads. */
export const retrievalEnv = {
  ...retrievalBaseEnv,
  ...embeddingsEnv,
  // The query comes sealed under the customer's key: opened with the keys in the database.
  ...databaseEnv,
  ...personalDataEnv,
};
