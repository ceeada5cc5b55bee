import { busEnv, httpEnv } from '@support/platform';

/** Every environment variable the agent service reads. */
export const agentEnv = { ...busEnv, ...httpEnv };
