import { schemaOf } from '../processed-events.js';
import { quoteIdentifier } from '../sql-identifier.js';
import { type ForgetParts, forgetCustomer } from './forget-customer.js';

const DAY_MS = 24 * 3600_000;

/**
 * Retention (`RETENTION_DAYS`): forgets, the way `cli forget` does, every customer whose
 * conversations have all been quiet for longer than `days` and who was not forgotten since. Keys
 * are per customer, so a customer who wrote recently keeps their older conversations too.
 * Returns the customers forgotten.
 */
export async function forgetPastRetention(parts: ForgetParts, days: number): Promise<string[]> {
  const schema = quoteIdentifier(schemaOf(parts.dataSource));
  const cutoff = new Date(parts.now().getTime() - days * DAY_MS);
  const rows: { customer_id: string }[] = await parts.dataSource.query(
    `SELECT c.customer_id FROM ${schema}.conversations c
       LEFT JOIN ${schema}.conversation_forgotten_customers f ON f.customer_id = c.customer_id
     GROUP BY c.customer_id, f.forgotten_at
     HAVING max(c.last_activity_at) < $1
        AND (f.forgotten_at IS NULL OR f.forgotten_at < max(c.last_activity_at))
     ORDER BY c.customer_id`,
    [cutoff],
  );
  for (const { customer_id: customerId } of rows)
    await forgetCustomer(parts, { customerId, requestedBy: 'retention', reason: 'retention' });
  return rows.map((row) => row.customer_id);
}
