import { oneOf } from './env-schema.js';

export const RUNTIME_ENVIRONMENTS = ['development', 'test', 'production'] as const;
export type RuntimeEnvironment = (typeof RUNTIME_ENVIRONMENTS)[number];

/**
 * NODE_ENV, validated: production-only safeguards test `=== 'production'`, so a typo such as
 * `prod` would otherwise run a production deployment with development defaults.
 */
export const runtimeEnv = {
  NODE_ENV: oneOf(RUNTIME_ENVIRONMENTS, {
    default: 'development',
    description: 'development, test or production (production refuses development defaults)',
  }),
};
