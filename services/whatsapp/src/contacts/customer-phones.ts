import { schemaOf } from '@support/persistence';
import type { DataSource } from 'typeorm';

/**
 * The shop's customers by phone number (digits with the country code, as WhatsApp ids are): the
 * shop's system writes it, like its orders; a WhatsApp number found here writes as that customer,
 * so the order tools answer with their own orders and no one else's.
 */
export class CustomerPhones {
  constructor(private readonly dataSource: DataSource) {}

  /** Records (or moves) a phone number to a customer. */
  async link(phone: string, customerId: string): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO "${schemaOf(this.dataSource)}".shop_customer_phones (phone, customer_id)
       VALUES ($1, $2) ON CONFLICT (phone) DO UPDATE SET customer_id = EXCLUDED.customer_id`,
      [phoneDigits(phone), customerId],
    );
  }
}

/** "+966 50 123 4567" → "966501234567": a WhatsApp id's form. */
export function phoneDigits(phone: string): string {
  return phone.replace(/\D/g, '');
}

/**
 * The demo shop's customers' numbers (`services/agent`'s demo orders belong to these ids): under
 * `npm start` a WhatsApp test number set to one of them sees that customer's orders.
 */
export const DEMO_CUSTOMER_PHONES: Readonly<Record<string, string>> = {
  '+966 50 100 1001': 'cust-1001',
  '+971 50 100 1002': 'cust-1002',
  '+965 5010 2002': 'cust-2002',
};
