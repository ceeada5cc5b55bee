/**
 * Whether `start` turns demo mode on: the embedded default is a demo, and says so (a gateway
 * started any other way has no demo mode), unless DEMO_TOKENS says otherwise, and never in
 * production, where the gateway refuses it: production signs customers in through the shop's own
 * tokens, staff through `cli token`.
 */
export function turnsOnDemoMode(env: Record<string, string | undefined>): boolean {
  return env.DEMO_TOKENS === undefined && env.NODE_ENV !== 'production';
}
