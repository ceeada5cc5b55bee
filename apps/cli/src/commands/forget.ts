import { BusConnection, busOptionsFromEnv, EventPublisher } from '@support/bus';
import {
  forgetCustomer,
  openDatabase,
  personalDataOf,
  reapplyForgotten,
} from '@support/persistence';
import { databaseEnv, loadConfig } from '@support/platform';

/**
 * `forget --customer ID`: the right to erasure. Destroys the customer's data keys (everything
 * they wrote reads "[erased]" from then on, in the log and in any copy of it) and publishes
 * `customer.forgotten`, the audit record on which the services delete what they hold of them.
 * `forget --reapply`: after restoring a database from an older dump, destroys again every key the
 * log's erasures name.
 */
export async function forgetCommand(
  options: { json?: boolean } & ({ customerId: string } | { reapply: true }),
  print: (text: string) => void = (text) => process.stdout.write(text),
): Promise<void> {
  const dataSource = await openDatabase({ url: loadConfig(databaseEnv).DATABASE_URL, poolSize: 2 });
  const bus = await BusConnection.open(busOptionsFromEnv('cli-forget'));
  try {
    if ('reapply' in options) {
      // After a restore of an older dump: the log's erasures, applied to the keys it holds.
      const outcome = await reapplyForgotten(bus, personalDataOf(dataSource));
      print(
        options.json
          ? `${JSON.stringify(outcome)}\n`
          : `${outcome.keys} key(s) of ${outcome.customers} forgotten customer(s) destroyed again\n`,
      );
      return;
    }
    const publisher = new EventPublisher(bus);
    const event = await forgetCustomer(
      {
        dataSource,
        personalData: personalDataOf(dataSource),
        publish: (forgotten) => publisher.publish(forgotten),
        now: () => new Date(),
      },
      { customerId: options.customerId, requestedBy: 'cli', reason: 'request' },
    );
    const p = event.payload;
    print(
      options.json
        ? `${JSON.stringify(p, null, 2)}\n`
        : `forgot customer ${p.customerId}: ${p.keyIds.length} data key(s) destroyed, ` +
            `${p.conversationIds.length} conversation(s); customer.forgotten ${p.requestId}\n`,
    );
  } finally {
    await bus.close();
    await dataSource.destroy();
  }
}
