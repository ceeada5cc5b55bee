import type { EventPublisher } from '@support/bus';
import { CUSTOMER_ID_MAX_CHARS } from '@support/contracts';
import { type ForgetParts, forgetCustomer, forgetPastRetention } from '@support/persistence';
import { AppError, type Clock } from '@support/platform/pure';
import type { PersonalData } from '@support/privacy';
import type { DataSource } from 'typeorm';

/**
 * The admin console's "forget this customer" (right to erasure): what `cli forget` does, audited
 * with the admin who asked in `customer.forgotten`.
 */
export class CustomerErasure {
  constructor(
    private readonly dataSource: DataSource,
    private readonly personalData: PersonalData,
    private readonly publisher: EventPublisher,
    private readonly clock: Clock,
  ) {}

  async forget(customerId: string, adminId: string) {
    if (customerId.trim() === '' || customerId.length > CUSTOMER_ID_MAX_CHARS)
      throw new AppError('validation_failed', 'customer id must be 1 to 128 characters');
    const event = await forgetCustomer(this.parts, {
      customerId,
      requestedBy: adminId,
      reason: 'request',
    });
    return event.payload;
  }

  /** RETENTION_DAYS: the customers quiet for longer, forgotten; returns who. */
  forgetPastRetention(days: number): Promise<string[]> {
    return forgetPastRetention(this.parts, days);
  }

  private get parts(): ForgetParts {
    return {
      dataSource: this.dataSource,
      personalData: this.personalData,
      publish: (forgotten) => this.publisher.publish(forgotten),
      now: () => this.clock.now(),
    };
  }
}
