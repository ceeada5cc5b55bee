import { EscalationThreads1764700000000 } from './migrations/1764700000000-escalation-threads.js';
import {
  AdminReplySeenEntity,
  EscalationThreadEntity,
  RelayedMessageEntity,
} from './thread-entities.js';

/** Pass to `openDatabase` / `PersistenceModule.forRoot` as `entities` and `migrations`. */
export const ESCALATION_ENTITIES = [
  EscalationThreadEntity,
  RelayedMessageEntity,
  AdminReplySeenEntity,
];
export const ESCALATION_MIGRATIONS = [EscalationThreads1764700000000];
