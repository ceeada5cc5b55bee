import { storableText } from '@support/persistence/pure';

/**
 * The checkpoint thread and lock key of a conversation. Checkpoints keep the graph's values (message
 * texts included) as bytea, which takes any string; the thread id is a `text` column, which refuses
 * U+0000, and a conversation id may hold one (the contract allows any string). Idempotent, so a
 * conversation id that comes back already made storable (from the escalation service's tables, in
 * `escalation.admin_replied`) finds the same thread.
 */
export function checkpointThreadOf(conversationId: string): string {
  return storableText(conversationId);
}
