import type { ServiceMetrics } from '@support/platform';

/** What the agent records: the route of each turn, escalations, and its stage latencies. */
export type AgentMetrics = Pick<ServiceMetrics, 'turnRouted' | 'escalationRaised' | 'timeStage'>;
