import { EscalationThreads1764700000000 } from './migrations/1764700000000-escalation-threads.js';
import { EscalationThreadResolution1764800000000 } from './migrations/1764800000000-escalation-thread-resolution.js';
import { EscalationThreadWithdrawal1764920000000 } from './migrations/1764920000000-escalation-thread-withdrawal.js';
import { EscalationThreadReason1765210000000 } from './migrations/1765210000000-escalation-thread-reason.js';
import {
  AdminReplySeenEntity,
  EscalationThreadEntity,
  RelayedMessageEntity,
  ThreadNoticeEntity,
} from './thread-entities.js';

/** Pass to `openDatabase` / `PersistenceModule.forRoot` as `entities` and `migrations`. */
export const ESCALATION_ENTITIES = [
  EscalationThreadEntity,
  RelayedMessageEntity,
  AdminReplySeenEntity,
  ThreadNoticeEntity,
];
export const ESCALATION_MIGRATIONS = [
  EscalationThreads1764700000000,
  EscalationThreadResolution1764800000000,
  EscalationThreadWithdrawal1764920000000,
  EscalationThreadReason1765210000000,
];
