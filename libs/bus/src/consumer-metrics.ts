/** What the consumer runner counts (the service's `ServiceMetrics` in a running service). */
export interface ConsumerMetrics {
  /** A message delivered again: a handler failed, waited on an outage, or its ack was late. */
  redelivered(consumer: string): void;
  /** A message recorded as `deadletter.recorded` and terminated. */
  deadLettered(consumer: string, cause: 'invalid' | 'exhausted'): void;
}
