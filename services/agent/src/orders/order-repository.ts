import { storableText } from '@support/persistence/pure';
import { In, type DataSource, type EntityManager } from 'typeorm';
import {
  OrderEntity,
  OrderReturnEntity,
  type OrderReturnRow,
  type OrderRow,
  toOrder,
  toOrderReturnRow,
} from './order-entities.js';
import {
  type Order,
  type OrderReturn,
  startReturn,
  type StartReturnDecision,
} from './order-rules.js';

export type RecordReturnResult =
  | { readonly outcome: 'recorded'; readonly return: OrderReturn }
  /** The return id was recorded before with the same items: nothing changed. */
  | { readonly outcome: 'already_recorded'; readonly return: OrderReturn }
  | { readonly outcome: 'not_found' }
  /** The order changed since the caller decided (a concurrent return took an item, say). */
  | {
      readonly outcome: 'refused';
      readonly decision: Extract<StartReturnDecision, { type: 'return_refused' }>;
    };

/** Orders as their owner sees them: every read and write is scoped to one customer. */
export interface OrderStore {
  /** The customer's orders, newest first. */
  findForCustomer(customerId: string): Promise<Order[]>;
  /** The order when it exists and belongs to the customer; otherwise null, whichever it is. */
  findOwned(customerId: string, orderId: string): Promise<Order | null>;
  /**
   * Records a return decided by `startReturn`. Idempotent on the return id. The decision is taken
   * again under a row lock on the order, so two concurrent requests cannot return one item twice.
   */
  recordReturn(
    customerId: string,
    orderId: string,
    orderReturn: OrderReturn,
  ): Promise<RecordReturnResult>;
}

/**
 * A customer id with characters Postgres cannot store (U+0000, an unpaired surrogate; the contract
 * allows any string) owns no order: looking it up would fail, or match the id with U+FFFD instead.
 */
const ownsNothing = (customerId: string) => storableText(customerId) !== customerId;

/** The orders in Postgres (tables of `ORDER_MIGRATIONS`, in the data source's schema). */
export class OrderRepository implements OrderStore {
  constructor(private readonly dataSource: DataSource) {}

  async findForCustomer(customerId: string): Promise<Order[]> {
    if (ownsNothing(customerId)) return [];
    const rows = await this.dataSource
      .getRepository(OrderEntity)
      .find({ where: { customerId }, order: { placedAt: 'DESC', id: 'ASC' } });
    return this.withReturns(this.dataSource.manager, rows);
  }

  async findOwned(customerId: string, orderId: string): Promise<Order | null> {
    if (ownsNothing(customerId)) return null;
    const row = await this.dataSource
      .getRepository(OrderEntity)
      .findOne({ where: { id: orderId, customerId } });
    if (!row) return null;
    const [order] = await this.withReturns(this.dataSource.manager, [row]);
    return order!;
  }

  async recordReturn(
    customerId: string,
    orderId: string,
    orderReturn: OrderReturn,
  ): Promise<RecordReturnResult> {
    if (ownsNothing(customerId)) return { outcome: 'not_found' };
    return this.dataSource.transaction(async (manager): Promise<RecordReturnResult> => {
      const row = await manager.getRepository(OrderEntity).findOne({
        where: { id: orderId, customerId },
        lock: { mode: 'pessimistic_write' },
      });
      if (!row) return { outcome: 'not_found' };
      const [order] = await this.withReturns(manager, [row]);
      const decision = startReturn(
        order!,
        orderReturn.skus,
        new Date(orderReturn.createdAt),
        orderReturn.returnId,
        { sealUnopened: orderReturn.conditions.includes('seal_unopened') },
      );
      if (decision.type === 'return_refused') return { outcome: 'refused', decision };
      if (decision.replayed) return { outcome: 'already_recorded', return: decision.return };
      const inserted = await manager
        .createQueryBuilder()
        .insert()
        .into(OrderReturnEntity)
        .values(toOrderReturnRow(orderId, decision.return))
        .orIgnore()
        .returning('return_id')
        .execute();
      if (inserted.raw.length === 0)
        // The id is taken by a return of another order: refuse rather than overwrite.
        return {
          outcome: 'refused',
          decision: {
            type: 'return_refused',
            orderId,
            reason: 'return_id_conflict',
            skus: decision.return.skus,
          },
        };
      return { outcome: 'recorded', return: decision.return };
    });
  }

  private async withReturns(manager: EntityManager, rows: OrderRow[]): Promise<Order[]> {
    if (rows.length === 0) return [];
    const returns: OrderReturnRow[] = await manager
      .getRepository(OrderReturnEntity)
      .find({ where: { orderId: In(rows.map((r) => r.id)) } });
    return rows.map((row) =>
      toOrder(
        row,
        returns.filter((r) => r.orderId === row.id),
      ),
    );
  }
}
