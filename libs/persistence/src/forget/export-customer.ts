import type { PersonalData } from '@support/privacy';
import type { DataSource } from 'typeorm';
import { ConversationReader } from '../projections/conversations/conversation-reader.js';
import { EscalationEntity } from '../projections/escalations/escalation-entities.js';
import { TurnTraceReader } from '../projections/turn-traces/turn-trace-reader.js';
import { schemaOf } from '../processed-events.js';
import { quoteIdentifier } from '../sql-identifier.js';
import { storableText } from '../storable.js';

/**
 * Everything the system holds about a customer, opened (right of access): their conversations
 * with every message, the escalations raised for them, the traces of their turns, their orders
 * when the agent's tables are in this database, and their data keys (ids and whether destroyed).
 */
export async function exportCustomer(
  dataSource: DataSource,
  personalData: PersonalData,
  customerId: string,
) {
  const schema = quoteIdentifier(schemaOf(dataSource));
  const conversationRows: { id: string; opened_at: Date; last_activity_at: Date }[] =
    await dataSource.query(
      `SELECT id, opened_at, last_activity_at FROM ${schema}.conversations
       WHERE customer_id = $1 ORDER BY opened_at, id`,
      [storableText(customerId)],
    );
  const conversations = new ConversationReader(dataSource, personalData);
  const readable = async (value: string) => storableText(await personalData.readable(value));
  const traces = new TurnTraceReader(dataSource, personalData);
  const keys: { key_id: string; created_at: Date; destroyed_at: Date | null }[] =
    await dataSource.query(
      `SELECT key_id, created_at, destroyed_at FROM ${schema}.customer_data_keys
       WHERE customer_ref = $1 ORDER BY created_at, key_id`,
      [personalData.customerRef(customerId)],
    );
  const [{ orders_table }]: { orders_table: string | null }[] = await dataSource.query(
    `SELECT to_regclass($1)::text AS orders_table`,
    [`${schema}.orders`],
  );
  return {
    customerId,
    exportedAt: new Date().toISOString(),
    conversations: await Promise.all(
      conversationRows.map(async (row) => ({
        conversationId: row.id,
        openedAt: row.opened_at.toISOString(),
        lastActivityAt: row.last_activity_at.toISOString(),
        messages: await conversations.history(row.id, 10_000),
        turnTraces: await traces.ofConversation(row.id, 10_000),
      })),
    ),
    // Stored sealed: opened, as every reader shows them ("[erased]" once forgotten).
    escalations: await Promise.all(
      (
        await dataSource.manager.find(EscalationEntity, {
          where: { customerId: storableText(customerId) },
        })
      ).map(async (escalation) => ({
        ...escalation,
        question: escalation.question === null ? null : await readable(escalation.question),
        ordersMentioned: escalation.ordersMentioned
          ? await Promise.all(escalation.ordersMentioned.map(readable))
          : null,
      })),
    ),
    orders: orders_table
      ? await dataSource.query(
          `SELECT * FROM ${schema}.orders WHERE customer_id = $1 ORDER BY placed_at`,
          [customerId],
        )
      : [],
    dataKeys: keys.map((key) => ({
      keyId: key.key_id,
      createdAt: key.created_at.toISOString(),
      destroyedAt: key.destroyed_at?.toISOString() ?? null,
    })),
  };
}
