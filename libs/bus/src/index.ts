export { deterministicId, newEventId } from './ids.js';
export { type BusOptions, busOptionsFromEnv, type NatsCredentials } from './bus-options.js';
export { BusConnection } from './bus-connection.js';
export { EventPublisher, type PublishResult } from './event-publisher.js';
export {
  consumerName,
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
export { PendingReplies } from './pending-replies.js';
export { createFollowUp } from './follow-up.js';
export { type EventLog, readEventLog } from './event-log.js';
export { type DeadLetterRow, rowsToRedrive } from './dead-letter-rows.js';
export { readDeadLetters, redriveDeadLetter } from './dead-letter-redrive.js';
export { type BusAccess, type BusUser, OPS_USER } from './access/bus-access.js';
export { BUS_USERS, type NatsPermissions } from './access/nats-permissions.js';
export {
  natsAuthorization,
  passwordEnvVar,
  type PasswordSource,
} from './access/nats-authorization.js';
export { streamConfig } from './stream.js';
export { inboxPrefixOf } from './access/inbox.js';
export {
  natsHelmValues,
  passwordSecretName,
  quotedPasswordEnvVar,
} from './access/nats-helm-values.js';
