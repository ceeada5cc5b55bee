/**
 * Where a user's replies arrive (stream acks, pulled messages, API answers): its own inboxes, the
 * only subjects its permissions let it subscribe to, so no service reads another one's replies.
 */
export function inboxPrefixOf(user: string): string {
  return `_INBOX_${user}`;
}
