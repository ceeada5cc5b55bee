export * from './pure.js';
export { BusConnection } from './bus-connection.js';
export { EventPublisher, type PublishResult } from './event-publisher.js';
export {
  EventConsumerRunner,
  type EventContext,
  type EventSubscription,
  type RunningConsumer,
} from './event-consumer.js';
export { type ConsumerMetrics } from './consumer-metrics.js';
export { BusModule } from './bus.module.js';
export { JETSTREAM_TRANSPORT, JetStreamTransport } from './transport/jetstream-transport.js';
export { JetStreamClient } from './transport/jetstream-client.js';
export { HandlerErrorsToTheConsumer } from './transport/handler-errors.filter.js';
export {
  CONSUMER_SETTINGS,
  type ConsumerSettings,
  Delivery,
  type EventConsumerExtras,
  EventPayload,
  OnEvent,
} from './transport/on-event.js';
export { createFollowUp } from './follow-up.js';
export { type EventLog, readEventLog } from './event-log.js';
export { readDeadLetters, redriveDeadLetter } from './dead-letter-redrive.js';
export { streamConfig } from './stream.js';
