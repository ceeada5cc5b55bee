import { busEnv, httpEnv } from '@support/platform';

/** Every environment variable the classifier service reads. */
export const classifierEnv = { ...busEnv, ...httpEnv };
