import type { EventPublisher } from '@support/bus';
import { newEventId } from '@support/bus';
import { AdminReplied, createEvent } from '@support/contracts';
import { AdminReplyReceipts, openDatabase, personalDataOf } from '@support/persistence';
import { eventually } from '@support/testing';

/**
 * An admin's reply as the channel that received it sends it (the console's reply box, a Slack
 * thread): its receipt recorded first, then `escalation.admin_replied` published. The agent relays
 * only replies with a receipt. The text goes out sealed under the conversation's customer's key.
 */
export async function sendAdminReply(
  publisher: EventPublisher,
  databaseUrl: string,
  reply: { escalationId: string; conversationId: string; text: string; adminId?: string },
) {
  const externalId = newEventId();
  const database = await openDatabase({ url: databaseUrl });
  try {
    const customerId = await eventually(async () => {
      const [row] = await database.query('SELECT customer_id FROM conversations WHERE id = $1', [
        reply.conversationId,
      ]);
      return (row?.customer_id as string | undefined) ?? false;
    });
    const text = await personalDataOf(database).sealText(customerId, reply.text);
    return await publishReply(publisher, database, reply, externalId, text);
  } finally {
    await database.destroy();
  }
}

async function publishReply(
  publisher: EventPublisher,
  database: Awaited<ReturnType<typeof openDatabase>>,
  reply: { escalationId: string; conversationId: string; adminId?: string },
  externalId: string,
  text: string,
) {
  const event = createEvent(
    AdminReplied,
    {
      escalationId: reply.escalationId,
      provider: 'console',
      adminId: reply.adminId ?? 'admin-1',
      text,
      externalId,
    },
    {
      id: newEventId(),
      occurredAt: new Date().toISOString(),
      conversationId: reply.conversationId,
      correlationId: newEventId(),
    },
  );
  await new AdminReplyReceipts(database).record({
    provider: 'console',
    externalId,
    escalationId: reply.escalationId,
    conversationId: reply.conversationId,
    receivedAt: new Date(),
  });
  await publisher.publish(event);
  return event;
}
