import {
  CustomerForgotten,
  type EventEnvelope,
  isEvent,
  MessageReceived,
} from '@support/contracts';
import { ERASED_TEXT } from '@support/privacy';
import type { EntityManager } from 'typeorm';
import { schemaOf } from '../../processed-events.js';
import { quoteIdentifier } from '../../sql-identifier.js';
import { lockKeys } from '../lock-keys.js';
import type { MessageState } from './conversation-model.js';

/**
 * Forgetting in the conversations projection. The rule is one, so live processing (events of
 * different conversations in any order) and a replay (stream order) end in the same rows: a
 * customer message is stored erased when its customer was forgotten at or after it was sent.
 * `customer.forgotten` records the customer and rewrites the rows already there; a message folded
 * later is erased as it is written.
 */
export class ForgottenCustomers {
  private readonly forgottenAt = new Map<string, string>();

  private constructor(private readonly manager: EntityManager) {}

  /** Records the batch's forgettings and reads those of the customers its messages belong to. */
  static async of(
    manager: EntityManager,
    events: readonly EventEnvelope[],
  ): Promise<ForgottenCustomers> {
    const forgotten = new ForgottenCustomers(manager);
    const customers = new Set<string>();
    for (const event of events)
      if (isEvent(event, MessageReceived) || isEvent(event, CustomerForgotten))
        customers.add(event.payload.customerId);
    if (customers.size > 0) {
      // A forgetting and a message of its customer folded at once wait for each other (always
      // customers before conversations, so batches cannot deadlock).
      await lockKeys(manager, 'forgotten-customer', [...customers].sort());
      const rows: { customer_id: string; forgotten_at: Date }[] = await manager.query(
        `SELECT customer_id, forgotten_at FROM ${forgotten.table}
         WHERE customer_id = ANY($1::text[])`,
        [[...customers]],
      );
      for (const row of rows) forgotten.note(row.customer_id, row.forgotten_at.toISOString());
    }
    for (const event of events)
      if (isEvent(event, CustomerForgotten))
        forgotten.note(event.payload.customerId, new Date(event.occurredAt).toISOString());
    return forgotten;
  }

  /** The message as it is stored: erased when its customer was forgotten since it was sent. */
  stored(message: MessageState, customerId: string | undefined): MessageState {
    const at = customerId === undefined ? undefined : this.forgottenAt.get(customerId);
    if (message.role !== 'customer' || at === undefined || message.occurredAt > at) return message;
    return {
      ...message,
      text: ERASED_TEXT,
      attachments: message.attachments.map((a) => ({ ...a, fileName: ERASED_TEXT })),
    };
  }

  /** Stores the batch's forgettings and erases the customer messages stored before them. */
  async eraseStored(events: readonly EventEnvelope[]): Promise<void> {
    const forgettings = events.filter((event) => isEvent(event, CustomerForgotten));
    for (const customerId of new Set(
      forgettings.map((event) => (event.payload as { customerId: string }).customerId),
    )) {
      const at = this.forgottenAt.get(customerId)!;
      await this.manager.query(
        `INSERT INTO ${this.table} (customer_id, forgotten_at) VALUES ($1, $2)
         ON CONFLICT (customer_id) DO UPDATE
           SET forgotten_at = GREATEST(${this.table}.forgotten_at, EXCLUDED.forgotten_at)`,
        [customerId, at],
      );
      await this.manager.query(
        `UPDATE ${this.schema}.messages SET text = $3,
           attachments = (SELECT coalesce(jsonb_agg(a || jsonb_build_object('fileName', $3::text)
             ORDER BY n), '[]'::jsonb) FROM jsonb_array_elements(attachments) WITH ORDINALITY AS x(a, n))
         WHERE role = 'customer' AND occurred_at <= $2 AND conversation_id IN (
           SELECT id FROM ${this.schema}.conversations WHERE customer_id = $1)`,
        [customerId, at, ERASED_TEXT],
      );
    }
  }

  private get schema(): string {
    return quoteIdentifier(schemaOf(this.manager.connection));
  }

  private get table(): string {
    return `${this.schema}.conversation_forgotten_customers`;
  }

  private note(customerId: string, at: string): void {
    const known = this.forgottenAt.get(customerId);
    if (known === undefined || at > known) this.forgottenAt.set(customerId, at);
  }
}
