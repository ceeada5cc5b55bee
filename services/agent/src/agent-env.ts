import { llmEnv } from '@support/models';
import { bool, busEnv, databaseEnv, httpEnv, int, optional, str } from '@support/platform';

export const agentOwnEnv = {
  KB_SEARCH_TIMEOUT_MS: int({
    default: 8000,
    min: 100,
    description: 'deadline of a knowledge-base search round trip',
  }),
  KB_NAMESPACE: optional(
    str({ description: 'namespace the agent searches; unset = retrieval default' }),
  ),
  AGENT_CONCURRENCY: int({
    default: 8,
    min: 1,
    max: 64,
    description: 'conversations one agent process works on at once',
  }),
  AGENT_INSTANCE: str({
    default: 'agent',
    description: 'unique per agent pod: names its reply consumer',
  }),
  SEED_DEMO_ORDERS: optional(
    bool({ description: 'seed demo orders (default: on unless NODE_ENV=production)' }),
  ),
};

/** Every environment variable the agent service reads. */
export const agentEnv = { ...busEnv, ...databaseEnv, ...httpEnv, ...llmEnv, ...agentOwnEnv };
