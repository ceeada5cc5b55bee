import { busEnv, httpEnv } from '@support/platform';

/** Every environment variable the escalation service reads. */
export const escalationEnv = { ...busEnv, ...httpEnv };
