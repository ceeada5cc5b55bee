// `@support/bus/pure`: the part of the package that needs no connection to NATS nor NestJS (ids,
// options, who may use which subjects), for pure code and its unit tests: loading the whole
// package costs a unit suite about a second. The package's index re-exports all of it.
export { deterministicId, newEventId } from './ids.js';
export { type BusOptions, busOptionsFromEnv, type NatsCredentials } from './bus-options.js';
export { consumerName } from './consumer-name.js';
export { PendingReplies } from './pending-replies.js';
export { type DeadLetterRow, rowsToRedrive } from './dead-letter-rows.js';
export { type BusAccess, type BusUser, OPS_USER } from './access/bus-access.js';
export { BUS_USERS, type NatsPermissions } from './access/nats-permissions.js';
export {
  natsAuthorization,
  passwordEnvVar,
  type PasswordSource,
} from './access/nats-authorization.js';
export { inboxPrefixOf } from './access/inbox.js';
export {
  natsHelmValues,
  passwordSecretName,
  quotedPasswordEnvVar,
} from './access/nats-helm-values.js';
