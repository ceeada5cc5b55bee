import { isoTimestamp } from '@support/persistence/pure';
import { EntitySchema, type ValueTransformer } from 'typeorm';
import type {
  CountryCode,
  ItemCategory,
  Order,
  OrderItem,
  OrderReturn,
  OrderStatus,
  PaymentMethod,
  PaymentStatus,
  ReturnCondition,
  ReturnStatus,
} from './order-rules.js';

/** A row of `orders`: the storage shape, mapped to and from the domain `Order` below. */
export interface OrderRow {
  id: string;
  customerId: string;
  status: OrderStatus;
  country: CountryCode;
  city: string;
  placedAt: string;
  shippedAt: string | null;
  deliveredAt: string | null;
  cancelledAt: string | null;
  deliveryWindowFrom: string;
  deliveryWindowTo: string;
  items: StoredItem[];
  deliveryFee: number;
  cashOnDeliveryFee: number;
  total: number;
  currency: string;
  paymentMethod: PaymentMethod;
  paymentStatus: PaymentStatus;
}

/** One element of `orders.items` (jsonb, snake_case like the columns). */
export interface StoredItem {
  sku: string;
  name: string;
  category: ItemCategory;
  quantity: number;
  unit_price: number;
  altered?: boolean;
  last_piece?: boolean;
}

export interface OrderReturnRow {
  returnId: string;
  orderId: string;
  skus: string[];
  conditions: ReturnCondition[];
  status: ReturnStatus;
  createdAt: string;
}

/** numeric <-> number (pg returns numeric as text to keep precision; amounts here have 3 decimals). */
const money: ValueTransformer = {
  to: (value: number | null | undefined) => value,
  from: (value: string | null) => (value === null ? null : Number(value)),
};

export const OrderEntity = new EntitySchema<OrderRow>({
  name: 'Order',
  tableName: 'orders',
  columns: {
    id: { type: 'text', primary: true },
    customerId: { type: 'text', name: 'customer_id' },
    status: { type: 'text' },
    country: { type: 'text' },
    city: { type: 'text' },
    placedAt: { type: 'timestamptz', name: 'placed_at', transformer: isoTimestamp },
    shippedAt: {
      type: 'timestamptz',
      name: 'shipped_at',
      nullable: true,
      transformer: isoTimestamp,
    },
    deliveredAt: {
      type: 'timestamptz',
      name: 'delivered_at',
      nullable: true,
      transformer: isoTimestamp,
    },
    cancelledAt: {
      type: 'timestamptz',
      name: 'cancelled_at',
      nullable: true,
      transformer: isoTimestamp,
    },
    deliveryWindowFrom: { type: 'date', name: 'delivery_window_from' },
    deliveryWindowTo: { type: 'date', name: 'delivery_window_to' },
    items: { type: 'jsonb' },
    deliveryFee: { type: 'numeric', name: 'delivery_fee', transformer: money },
    cashOnDeliveryFee: { type: 'numeric', name: 'cash_on_delivery_fee', transformer: money },
    total: { type: 'numeric', transformer: money },
    currency: { type: 'text' },
    paymentMethod: { type: 'text', name: 'payment_method' },
    paymentStatus: { type: 'text', name: 'payment_status' },
  },
});

export const OrderReturnEntity = new EntitySchema<OrderReturnRow>({
  name: 'OrderReturn',
  tableName: 'order_returns',
  columns: {
    returnId: { type: 'text', primary: true, name: 'return_id' },
    orderId: { type: 'text', name: 'order_id' },
    skus: { type: 'jsonb' },
    conditions: { type: 'jsonb' },
    status: { type: 'text' },
    createdAt: { type: 'timestamptz', name: 'created_at', transformer: isoTimestamp },
  },
});

const optional = <K extends string>(key: K, value: string | null) =>
  (value === null ? {} : { [key]: value }) as Partial<Record<K, string>>;

export function toOrder(row: OrderRow, returns: readonly OrderReturnRow[]): Order {
  return {
    id: row.id,
    customerId: row.customerId,
    status: row.status,
    country: row.country,
    city: row.city,
    placedAt: row.placedAt,
    ...optional('shippedAt', row.shippedAt),
    ...optional('deliveredAt', row.deliveredAt),
    ...optional('cancelledAt', row.cancelledAt),
    deliveryWindow: { from: row.deliveryWindowFrom, to: row.deliveryWindowTo },
    items: row.items.map((item): OrderItem => ({
      sku: item.sku,
      name: item.name,
      category: item.category,
      quantity: item.quantity,
      unitPrice: item.unit_price,
      ...(item.altered ? { altered: true } : {}),
      ...(item.last_piece ? { lastPiece: true } : {}),
    })),
    deliveryFee: row.deliveryFee,
    cashOnDeliveryFee: row.cashOnDeliveryFee,
    total: row.total,
    currency: row.currency,
    paymentMethod: row.paymentMethod,
    paymentStatus: row.paymentStatus,
    returns: [...returns]
      .sort(
        (a, b) => a.createdAt.localeCompare(b.createdAt) || a.returnId.localeCompare(b.returnId),
      )
      .map(toOrderReturn),
  };
}

export function toOrderRow(order: Order): OrderRow {
  return {
    id: order.id,
    customerId: order.customerId,
    status: order.status,
    country: order.country,
    city: order.city,
    placedAt: order.placedAt,
    shippedAt: order.shippedAt ?? null,
    deliveredAt: order.deliveredAt ?? null,
    cancelledAt: order.cancelledAt ?? null,
    deliveryWindowFrom: order.deliveryWindow.from,
    deliveryWindowTo: order.deliveryWindow.to,
    items: order.items.map((item) => ({
      sku: item.sku,
      name: item.name,
      category: item.category,
      quantity: item.quantity,
      unit_price: item.unitPrice,
      ...(item.altered ? { altered: true } : {}),
      ...(item.lastPiece ? { last_piece: true } : {}),
    })),
    deliveryFee: order.deliveryFee,
    cashOnDeliveryFee: order.cashOnDeliveryFee,
    total: order.total,
    currency: order.currency,
    paymentMethod: order.paymentMethod,
    paymentStatus: order.paymentStatus,
  };
}

export function toOrderReturn(row: OrderReturnRow): OrderReturn {
  return {
    returnId: row.returnId,
    skus: row.skus,
    createdAt: row.createdAt,
    status: row.status,
    conditions: row.conditions,
  };
}

export function toOrderReturnRow(orderId: string, orderReturn: OrderReturn): OrderReturnRow {
  return {
    returnId: orderReturn.returnId,
    orderId,
    skus: [...orderReturn.skus],
    conditions: [...orderReturn.conditions],
    status: orderReturn.status,
    createdAt: orderReturn.createdAt,
  };
}
