import { Counter, Histogram, Registry } from 'prom-client';
import {
  type DeadLetterCause,
  NO_REASON,
  type RerankFailOpenCause,
  type Stage,
  type TurnRoute,
} from './metric-labels.js';
import { processMetricsOnce } from './process-metrics.js';

/** From a few milliseconds (a lexical rerank) to a slow model turn. */
const STAGE_BUCKETS_SECONDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10, 30, 60];

/**
 * One service's Prometheus registry and the support metrics recorded in it. One per started
 * service, never prom-client's global registry: the all-in-one launcher runs seven services in one
 * process, and each must show only its own counts (every series carries `service=<name>`).
 * Callers record where the fact is decided; docs/observability.md lists the metrics.
 */
export class ServiceMetrics {
  /** The service's own metrics; a service may register more of its own here. */
  readonly registry = new Registry();
  /**
   * The process's default metrics, shared by every service of the process, shown under this
   * service's label. Kept out of `registry`: prom-client's `getMetricsAsJSON` writes the default
   * labels into the shared metric objects, so one service's JSON read would relabel them for all.
   */
  private readonly process = new Registry();

  private readonly turns: Counter<'route' | 'reason'>;
  private readonly escalations: Counter<'reason' | 'group'>;
  private readonly legTimeouts: Counter<'leg'>;
  private readonly rerankerFailOpens: Counter<'cause'>;
  private readonly redeliveries: Counter<'consumer'>;
  private readonly deadLetters: Counter<'consumer' | 'cause'>;
  private readonly stages: Histogram<'stage'>;

  constructor(readonly service: string) {
    this.registry.setDefaultLabels({ service });
    const registers = [this.registry];
    this.turns = new Counter({
      name: 'support_turns_total',
      help: 'Customer messages handled by the agent, by route taken (answered, escalated, held) and escalation reason',
      labelNames: ['route', 'reason'],
      registers,
    });
    this.escalations = new Counter({
      name: 'support_escalations_total',
      help: 'Escalations raised, by reason and group (genuine, avoidable)',
      labelNames: ['reason', 'group'],
      registers,
    });
    this.legTimeouts = new Counter({
      name: 'support_leg_timeouts_total',
      help: 'Retrieval legs dropped for overrunning LEG_TIMEOUT_MS, by leg',
      labelNames: ['leg'],
      registers,
    });
    this.rerankerFailOpens = new Counter({
      name: 'support_reranker_fail_open_total',
      help: 'Reranks that fell back to RRF order and the lexical gate, by cause',
      labelNames: ['cause'],
      registers,
    });
    this.redeliveries = new Counter({
      name: 'support_bus_redeliveries_total',
      help: 'Messages a durable consumer received again (JetStream delivery count above 1)',
      labelNames: ['consumer'],
      registers,
    });
    this.deadLetters = new Counter({
      name: 'support_bus_dead_letters_total',
      help: 'Messages a consumer dead-lettered (recorded as deadletter.recorded), by cause',
      labelNames: ['consumer', 'cause'],
      registers,
    });
    this.stages = new Histogram({
      name: 'support_stage_duration_seconds',
      help: 'Latency of the turn stages, by stage',
      labelNames: ['stage'],
      buckets: STAGE_BUCKETS_SECONDS,
      registers,
    });
    this.process.setDefaultLabels({ service });
    for (const metric of processMetricsOnce()) this.process.registerMetric(metric);
  }

  turnRouted(route: TurnRoute, reason: string = NO_REASON): void {
    this.turns.inc({ route, reason });
  }

  escalationRaised(reason: string, group: string): void {
    this.escalations.inc({ reason, group });
  }

  legTimedOut(leg: string): void {
    this.legTimeouts.inc({ leg });
  }

  rerankerFailedOpen(cause: RerankFailOpenCause): void {
    this.rerankerFailOpens.inc({ cause });
  }

  redelivered(consumer: string): void {
    this.redeliveries.inc({ consumer });
  }

  deadLettered(consumer: string, cause: DeadLetterCause): void {
    this.deadLetters.inc({ consumer, cause });
  }

  stageTook(stage: Stage, seconds: number): void {
    this.stages.observe({ stage }, seconds);
  }

  /** Times `work` as `stage`, whether it resolves or throws. */
  async timeStage<T>(stage: Stage, work: () => Promise<T>): Promise<T> {
    const end = this.stages.startTimer({ stage });
    try {
      return await work();
    } finally {
      end();
    }
  }

  /** The text exposition of the service's metrics and the process's, and its content type. */
  async exposition(): Promise<{ contentType: string; body: string }> {
    const [own, process] = await Promise.all([this.registry.metrics(), this.process.metrics()]);
    return { contentType: this.registry.contentType, body: `${own}\n${process}` };
  }
}
