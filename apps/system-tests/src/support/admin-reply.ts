import type { EventPublisher } from '@support/bus';
import { newEventId } from '@support/bus';
import { AdminReplied, createEvent } from '@support/contracts';
import { AdminReplyReceipts, openDatabase } from '@support/persistence';

/**
 * An admin's reply as the channel that received it sends it (the console's reply box, a Slack
 * thread): its receipt recorded first, then `escalation.admin_replied` published. The agent relays
 * only replies with a receipt.
 */
export async function sendAdminReply(
  publisher: EventPublisher,
  databaseUrl: string,
  reply: { escalationId: string; conversationId: string; text: string; adminId?: string },
) {
  const externalId = newEventId();
  const event = createEvent(
    AdminReplied,
    {
      escalationId: reply.escalationId,
      provider: 'console',
      adminId: reply.adminId ?? 'admin-1',
      text: reply.text,
      externalId,
    },
    {
      id: newEventId(),
      occurredAt: new Date().toISOString(),
      conversationId: reply.conversationId,
      correlationId: newEventId(),
    },
  );
  const database = await openDatabase({ url: databaseUrl });
  try {
    await new AdminReplyReceipts(database).record({
      provider: 'console',
      externalId,
      escalationId: reply.escalationId,
      conversationId: reply.conversationId,
      receivedAt: new Date(),
    });
  } finally {
    await database.destroy();
  }
  await publisher.publish(event);
  return event;
}
