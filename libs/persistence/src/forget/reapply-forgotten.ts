import { type BusConnection, readEventLog } from '@support/bus';
import { CustomerForgotten, isEvent } from '@support/contracts';
import type { PersonalData } from '@support/privacy';

/**
 * Destroys again every data key the log says was destroyed: the step after restoring a database
 * from a dump older than some erasures (its keys were live when it was dumped). The forgotten list
 * is the log itself, which a database restore does not roll back. Idempotent.
 */
export async function reapplyForgotten(
  bus: BusConnection,
  personalData: PersonalData,
): Promise<{ customers: number; keys: number }> {
  const { events } = await readEventLog(bus, CustomerForgotten);
  let keys = 0;
  for (const event of events)
    if (isEvent(event, CustomerForgotten)) {
      await personalData.destroyKeys({
        customerRef: personalData.customerRef(event.payload.customerId),
        keyIds: event.payload.keyIds,
      });
      keys += event.payload.keyIds.length;
    }
  const customers = new Set(events.map((e) => (e.payload as { customerId: string }).customerId));
  return { customers: customers.size, keys };
}
