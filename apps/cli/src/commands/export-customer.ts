import { writeFileSync } from 'node:fs';
import { exportCustomer, openDatabase, personalDataOf } from '@support/persistence';
import { databaseEnv, loadConfig } from '@support/platform';

/**
 * `export --customer ID [--out FILE]`: the right of access. Everything held about the customer as
 * JSON, what they wrote opened (a forgotten customer's reads "[erased]"), on stdout or into FILE
 * (written readable by its owner only: it holds their personal data).
 */
export async function exportCommand(
  options: { customerId: string; out?: string },
  print: (text: string) => void = (text) => process.stdout.write(text),
): Promise<void> {
  const dataSource = await openDatabase({ url: loadConfig(databaseEnv).DATABASE_URL, poolSize: 2 });
  try {
    const held = await exportCustomer(dataSource, personalDataOf(dataSource), options.customerId);
    const text = `${JSON.stringify(held, null, 2)}\n`;
    if (!options.out) return print(text);
    writeFileSync(options.out, text, { mode: 0o600 });
    print(
      `wrote ${options.out}: ${held.conversations.length} conversation(s), ` +
        `${held.escalations.length} escalation(s), ${held.orders.length} order(s)\n`,
    );
  } finally {
    await dataSource.destroy();
  }
}
