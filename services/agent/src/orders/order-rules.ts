// Order rules of the shop, as pure functions: no I/O, no clock, no id generation. Every number and
// list here comes from the knowledge base (kb/retail-returns.md, delivery-times-fees.md,
// payment-options.md, order-status-tracking.md); change them together.

export type CountryCode = 'SA' | 'AE' | 'KW' | 'QA' | 'BH' | 'OM';

/** The statuses of kb/order-status-tracking.md, in order. */
export const ORDER_STATUSES = [
  'placed',
  'confirmed',
  'packing',
  'shipped',
  'out_for_delivery',
  'delivered',
  'cancelled',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const PAYMENT_METHODS = [
  'card',
  'mada',
  'apple_pay',
  'cash_on_delivery',
  'tamara',
  'gift_card',
] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export const PAYMENT_STATUSES = ['paid', 'pending', 'refund_pending', 'refunded'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const ITEM_CATEGORIES = [
  'abaya',
  'dress',
  'kaftan',
  'skirt',
  'top',
  'hijab',
  'shoes',
  'bag',
  'accessory',
  'lingerie',
  'sleepwear',
  'swimwear',
  'burkini',
  'fragrance',
  'oud_oil',
  'bakhoor',
  'underscarf',
  'inner_cap',
] as const;
export type ItemCategory = (typeof ITEM_CATEGORIES)[number];

/** `cancelled` returns do not count; every other return holds its items and uses up a request. */
export const RETURN_STATUSES = [
  'requested',
  'collected',
  'refunded',
  'rejected',
  'cancelled',
] as const;
export type ReturnStatus = (typeof RETURN_STATUSES)[number];

/** What the customer confirmed when starting the return (checked again at inspection). */
export type ReturnCondition = 'seal_unopened';

/** An ISO calendar date, `YYYY-MM-DD`, in the destination country's local time. */
export type IsoDate = string;

export interface OrderItem {
  readonly sku: string;
  readonly name: string;
  readonly category: ItemCategory;
  readonly quantity: number;
  readonly unitPrice: number;
  /** Shortened or altered by the tailoring service. */
  readonly altered?: boolean;
  /** Marked "Last Piece" on the product page. */
  readonly lastPiece?: boolean;
}

export interface OrderReturn {
  readonly returnId: string;
  readonly skus: readonly string[];
  readonly createdAt: string;
  readonly status: ReturnStatus;
  readonly conditions: readonly ReturnCondition[];
}

export interface Order {
  readonly id: string;
  readonly customerId: string;
  readonly status: OrderStatus;
  readonly country: CountryCode;
  readonly city: string;
  readonly placedAt: string;
  readonly shippedAt?: string;
  readonly deliveredAt?: string;
  readonly cancelledAt?: string;
  readonly deliveryWindow: { readonly from: IsoDate; readonly to: IsoDate };
  readonly items: readonly OrderItem[];
  readonly deliveryFee: number;
  readonly cashOnDeliveryFee: number;
  /** Items plus delivery and cash on delivery fees. */
  readonly total: number;
  readonly currency: string;
  readonly paymentMethod: PaymentMethod;
  readonly paymentStatus: PaymentStatus;
  readonly returns: readonly OrderReturn[];
}

// ---------------------------------------------------------------------------------------------
// Countries, local dates and working days

interface CountryRules {
  readonly name: string;
  readonly currency: string;
  /** The Gulf keeps no daylight saving time, so a fixed offset is exact. */
  readonly utcOffsetHours: number;
  readonly freeDeliveryFrom: number;
  readonly deliveryFee: number;
  readonly cashOnDeliveryFee: number;
  readonly cashOnDeliveryLimit: number;
  /** Tamara order total range, where Tamara is offered. */
  readonly tamara?: { readonly min: number; readonly max: number };
}

export const COUNTRIES: Readonly<Record<CountryCode, CountryRules>> = {
  SA: {
    name: 'Saudi Arabia',
    currency: 'SAR',
    utcOffsetHours: 3,
    freeDeliveryFrom: 249,
    deliveryFee: 22,
    cashOnDeliveryFee: 12,
    cashOnDeliveryLimit: 1500,
    tamara: { min: 200, max: 3000 },
  },
  AE: {
    name: 'United Arab Emirates',
    currency: 'AED',
    utcOffsetHours: 4,
    freeDeliveryFrom: 249,
    deliveryFee: 22,
    cashOnDeliveryFee: 12,
    cashOnDeliveryLimit: 1500,
    tamara: { min: 200, max: 3000 },
  },
  KW: {
    name: 'Kuwait',
    currency: 'KWD',
    utcOffsetHours: 3,
    freeDeliveryFrom: 25,
    deliveryFee: 2,
    cashOnDeliveryFee: 1,
    cashOnDeliveryLimit: 120,
    tamara: { min: 20, max: 250 },
  },
  QA: {
    name: 'Qatar',
    currency: 'QAR',
    utcOffsetHours: 3,
    freeDeliveryFrom: 250,
    deliveryFee: 22,
    cashOnDeliveryFee: 12,
    cashOnDeliveryLimit: 1500,
  },
  BH: {
    name: 'Bahrain',
    currency: 'BHD',
    utcOffsetHours: 3,
    freeDeliveryFrom: 25,
    deliveryFee: 2,
    cashOnDeliveryFee: 1,
    cashOnDeliveryLimit: 150,
  },
  OM: {
    name: 'Oman',
    currency: 'OMR',
    utcOffsetHours: 4,
    freeDeliveryFrom: 25,
    deliveryFee: 2,
    cashOnDeliveryFee: 1,
    cashOnDeliveryLimit: 150,
  },
};

const DAY_MS = 86_400_000;
const WEEKDAYS = [
  'Sunday',
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
] as const;

/** The calendar date of an instant in the country's local time. */
export function localDateOf(instant: string | Date, country: CountryCode): IsoDate {
  const ms = new Date(instant).getTime() + COUNTRIES[country].utcOffsetHours * 3_600_000;
  return new Date(ms).toISOString().slice(0, 10);
}

/** The instant of a local wall-clock time in the country, as ISO-8601 UTC. */
export function localTimeToInstant(date: IsoDate, hour: number, country: CountryCode): string {
  const ms =
    Date.parse(`${date}T00:00:00Z`) + (hour - COUNTRIES[country].utcOffsetHours) * 3_600_000;
  return new Date(ms).toISOString();
}

export function addDays(date: IsoDate, days: number): IsoDate {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

export function daysBetween(from: IsoDate, to: IsoDate): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

export function weekdayOf(date: IsoDate): (typeof WEEKDAYS)[number] {
  return WEEKDAYS[new Date(`${date}T00:00:00Z`).getUTCDay()]!;
}

/** Working days are Sunday to Thursday (public holidays are not modelled). */
export function isWorkingDay(date: IsoDate): boolean {
  return new Date(`${date}T00:00:00Z`).getUTCDay() <= 4;
}

function addWorkingDays(date: IsoDate, count: number): IsoDate {
  let day = date;
  for (let left = count; left > 0;) {
    day = addDays(day, 1);
    if (isWorkingDay(day)) left -= 1;
  }
  return day;
}

// ---------------------------------------------------------------------------------------------
// Delivery

const CITY_ALIASES: Readonly<Record<string, string>> = {
  'al khobar': 'khobar',
  mecca: 'makkah',
  medina: 'madinah',
  'abu dhabi city': 'abu dhabi',
};

function cityKey(city: string): string {
  const key = city.trim().toLowerCase().replace(/\s+/g, ' ');
  return CITY_ALIASES[key] ?? key;
}

/** Working days after the confirmation day, per kb/delivery-times-fees.md. */
function deliveryDays(country: CountryCode, city: string, localHour: number): [number, number] {
  const key = cityKey(city);
  switch (country) {
    case 'SA':
      if (key === 'riyadh' || key === 'jeddah') return localHour < 13 ? [1, 1] : [1, 2];
      if (['dammam', 'khobar', 'makkah', 'madinah'].includes(key)) return [2, 3];
      return [2, 4];
    case 'AE':
      return ['dubai', 'sharjah', 'abu dhabi'].includes(key) ? [1, 2] : [2, 3];
    case 'KW':
    case 'QA':
      return [2, 3];
    case 'BH':
      return [3, 4];
    case 'OM':
      return key === 'muscat' ? [3, 4] : [4, 6];
  }
}

/**
 * The delivery window promised for an order confirmed at `confirmedAt`: counted in working days
 * from the confirmation day; an order confirmed on a Friday or Saturday is processed on Sunday.
 */
export function expectedDeliveryWindow(
  country: CountryCode,
  city: string,
  confirmedAt: string | Date,
): { from: IsoDate; to: IsoDate } {
  let day = localDateOf(confirmedAt, country);
  let hour = new Date(
    new Date(confirmedAt).getTime() + COUNTRIES[country].utcOffsetHours * 3_600_000,
  ).getUTCHours();
  if (!isWorkingDay(day)) {
    while (!isWorkingDay(day)) day = addDays(day, 1);
    hour = 0; // processed from the start of the next working day
  }
  const [min, max] = deliveryDays(country, city, hour);
  return { from: addWorkingDays(day, min), to: addWorkingDays(day, max) };
}

/** Flat delivery fee below the country's free-delivery threshold, else nothing. */
export function deliveryFeeFor(country: CountryCode, itemsTotal: number): number {
  const rules = COUNTRIES[country];
  return itemsTotal >= rules.freeDeliveryFrom ? 0 : rules.deliveryFee;
}

export function cashOnDeliveryFeeFor(country: CountryCode, method: PaymentMethod): number {
  return method === 'cash_on_delivery' ? COUNTRIES[country].cashOnDeliveryFee : 0;
}

export function itemsTotalOf(items: readonly OrderItem[]): number {
  return roundMoney(items.reduce((sum, item) => sum + item.quantity * item.unitPrice, 0));
}

/** Three decimals: the Kuwaiti, Bahraini and Omani currencies have 1,000 fils / baisa. */
export function roundMoney(amount: number): number {
  return Math.round(amount * 1000) / 1000;
}

export type DeliveryProgress = 'delivered' | 'cancelled' | 'on_schedule' | 'overdue';

export interface DeliveryWindowView {
  readonly orderId: string;
  readonly status: OrderStatus;
  readonly city: string;
  readonly country: string;
  readonly expectedFrom: IsoDate;
  readonly expectedTo: IsoDate;
  readonly expectedFromWeekday: string;
  readonly expectedToWeekday: string;
  readonly placedOn: IsoDate;
  readonly shippedOn: IsoDate | null;
  readonly deliveredOn: IsoDate | null;
  readonly cancelledOn: IsoDate | null;
  /** `overdue`: not delivered and the last day of the window has passed (local time). */
  readonly progress: DeliveryProgress;
}

export function deliveryWindowOf(order: Order, now: Date): DeliveryWindowView {
  const local = (instant: string | undefined) =>
    instant ? localDateOf(instant, order.country) : null;
  const today = localDateOf(now, order.country);
  const progress: DeliveryProgress =
    order.status === 'delivered'
      ? 'delivered'
      : order.status === 'cancelled'
        ? 'cancelled'
        : today > order.deliveryWindow.to
          ? 'overdue'
          : 'on_schedule';
  return {
    orderId: order.id,
    status: order.status,
    city: order.city,
    country: COUNTRIES[order.country].name,
    expectedFrom: order.deliveryWindow.from,
    expectedTo: order.deliveryWindow.to,
    expectedFromWeekday: weekdayOf(order.deliveryWindow.from),
    expectedToWeekday: weekdayOf(order.deliveryWindow.to),
    placedOn: localDateOf(order.placedAt, order.country),
    shippedOn: local(order.shippedAt),
    deliveredOn: local(order.deliveredAt),
    cancelledOn: local(order.cancelledAt),
    progress,
  };
}

// ---------------------------------------------------------------------------------------------
// Returns

/** The demo shop's return window (kb/retail-returns.md), counted from delivery; day 21 is the last. */
export const RETURN_WINDOW_DAYS = 21;
/** The demo shop's limit on return requests per order (kb/retail-returns.md). */
export const MAX_RETURN_REQUESTS = 2;

/** Categories that can never be returned, with the KB line they come from. */
const NON_RETURNABLE: Partial<Record<ItemCategory, string>> = {
  lingerie: 'lingerie',
  sleepwear: 'sleepwear',
  swimwear: 'swimwear',
  burkini: 'swimwear',
  underscarf: 'underscarf',
  inner_cap: 'underscarf',
};
/** Returnable only with the seal unopened ("once the seal is opened" they cannot be returned). */
const SEALED: ReadonlySet<ItemCategory> = new Set(['fragrance', 'oud_oil', 'bakhoor']);

export type IneligibleReason =
  | 'not_delivered'
  | 'already_returned'
  | 'non_returnable_category'
  | 'window_expired'
  | 'return_limit_reached';

/** `detail`: the non-returnable kind (lingerie, sleepwear, swimwear, underscarf, altered, last_piece) or the return id holding the item. */
export type ItemEligibility =
  | {
      readonly sku: string;
      readonly name: string;
      readonly eligible: true;
      readonly condition?: ReturnCondition;
    }
  | {
      readonly sku: string;
      readonly name: string;
      readonly eligible: false;
      readonly reason: IneligibleReason;
      readonly detail?: string;
    };

export interface ReturnEligibility {
  readonly orderId: string;
  readonly status: OrderStatus;
  readonly deliveredOn: IsoDate | null;
  /** Last day a return can be started, local date. */
  readonly returnBy: IsoDate | null;
  readonly daysLeft: number | null;
  readonly returnRequests: { readonly used: number; readonly limit: number };
  readonly items: readonly ItemEligibility[];
}

const activeReturns = (order: Order) => order.returns.filter((r) => r.status !== 'cancelled');

function nonReturnableKind(item: OrderItem): string | undefined {
  if (item.altered) return 'altered';
  if (item.lastPiece) return 'last_piece';
  return NON_RETURNABLE[item.category];
}

export function returnEligibility(order: Order, now: Date): ReturnEligibility {
  const active = activeReturns(order);
  const delivered = order.status === 'delivered' && order.deliveredAt !== undefined;
  const deliveredOn = delivered ? localDateOf(order.deliveredAt!, order.country) : null;
  const returnBy = deliveredOn ? addDays(deliveredOn, RETURN_WINDOW_DAYS) : null;
  const daysLeft = returnBy ? daysBetween(localDateOf(now, order.country), returnBy) : null;

  const items = order.items.map((item): ItemEligibility => {
    const base = { sku: item.sku, name: item.name };
    if (!delivered) return { ...base, eligible: false, reason: 'not_delivered' };
    const holding = active.find((r) => r.skus.includes(item.sku));
    if (holding)
      return { ...base, eligible: false, reason: 'already_returned', detail: holding.returnId };
    const kind = nonReturnableKind(item);
    if (kind) return { ...base, eligible: false, reason: 'non_returnable_category', detail: kind };
    if (daysLeft! < 0) return { ...base, eligible: false, reason: 'window_expired' };
    if (active.length >= MAX_RETURN_REQUESTS)
      return { ...base, eligible: false, reason: 'return_limit_reached' };
    return SEALED.has(item.category)
      ? { ...base, eligible: true, condition: 'seal_unopened' }
      : { ...base, eligible: true };
  });

  return {
    orderId: order.id,
    status: order.status,
    deliveredOn,
    returnBy,
    daysLeft: daysLeft === null ? null : Math.max(daysLeft, 0),
    returnRequests: { used: active.length, limit: MAX_RETURN_REQUESTS },
    items,
  };
}

export type ReturnRefusalReason =
  /** No sku given. */
  | 'no_items'
  /** A sku that is not in the order. */
  | 'unknown_sku'
  /** At least one requested item is not eligible; `items` says why. */
  | 'not_eligible'
  /** A sealed item (fragrance, oud oil, bakhoor) without the customer's confirmation that its seal is unopened. */
  | 'seal_confirmation_required'
  /** The return id is already used by a different return. */
  | 'return_id_conflict';

export type StartReturnDecision =
  | {
      readonly type: 'return_started';
      readonly orderId: string;
      readonly return: OrderReturn;
      /** The same return id was already started with these items: nothing new to record. */
      readonly replayed: boolean;
    }
  | {
      readonly type: 'return_refused';
      readonly orderId: string;
      readonly reason: ReturnRefusalReason;
      readonly skus: readonly string[];
      readonly items?: readonly ItemEligibility[];
    };

export interface StartReturnOptions {
  /** The customer confirmed that sealed items (fragrance, oud oil, bakhoor) are unopened. */
  readonly sealUnopened?: boolean;
}

const sameSkus = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && [...a].sort().join('\n') === [...b].sort().join('\n');

/**
 * Decides a return request for `skus` (each returned in full quantity). All or nothing: one
 * ineligible item refuses the request. A request with a return id that was already started with
 * the same items is answered with that return again, so a retried call records nothing new.
 */
export function startReturn(
  order: Order,
  skus: readonly string[],
  now: Date,
  returnId: string,
  options: StartReturnOptions = {},
): StartReturnDecision {
  const requested = [...new Set(skus)];
  const refuse = (
    reason: ReturnRefusalReason,
    refused: readonly string[],
    items?: readonly ItemEligibility[],
  ): StartReturnDecision => ({
    type: 'return_refused',
    orderId: order.id,
    reason,
    skus: refused,
    ...(items ? { items } : {}),
  });

  const existing = order.returns.find((r) => r.returnId === returnId);
  if (existing)
    return sameSkus(existing.skus, requested)
      ? { type: 'return_started', orderId: order.id, return: existing, replayed: true }
      : refuse('return_id_conflict', requested);

  if (requested.length === 0) return refuse('no_items', []);
  const unknown = requested.filter((sku) => !order.items.some((item) => item.sku === sku));
  if (unknown.length > 0) return refuse('unknown_sku', unknown);

  const eligibility = returnEligibility(order, now).items.filter((e) => requested.includes(e.sku));
  const refused = eligibility.filter((e) => !e.eligible);
  if (refused.length > 0)
    return refuse(
      'not_eligible',
      refused.map((e) => e.sku),
      refused,
    );
  const sealed = eligibility.filter((e) => e.eligible && e.condition === 'seal_unopened');
  if (sealed.length > 0 && options.sealUnopened !== true)
    return refuse(
      'seal_confirmation_required',
      sealed.map((e) => e.sku),
      sealed,
    );

  return {
    type: 'return_started',
    orderId: order.id,
    replayed: false,
    return: {
      returnId,
      skus: requested,
      createdAt: now.toISOString(),
      status: 'requested',
      conditions: sealed.length > 0 ? ['seal_unopened'] : [],
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Payment

export interface PaymentStatusView {
  readonly orderId: string;
  readonly method: PaymentMethod;
  readonly status: PaymentStatus;
  readonly total: number;
  readonly itemsTotal: number;
  readonly deliveryFee: number;
  readonly cashOnDeliveryFee: number;
  readonly currency: string;
  readonly returns: readonly {
    readonly returnId: string;
    readonly skus: readonly string[];
    readonly status: ReturnStatus;
    readonly createdAt: string;
  }[];
}

export function paymentStatusOf(order: Order): PaymentStatusView {
  return {
    orderId: order.id,
    method: order.paymentMethod,
    status: order.paymentStatus,
    total: order.total,
    itemsTotal: itemsTotalOf(order.items),
    deliveryFee: order.deliveryFee,
    cashOnDeliveryFee: order.cashOnDeliveryFee,
    currency: order.currency,
    returns: order.returns.map((r) => ({
      returnId: r.returnId,
      skus: r.skus,
      status: r.status,
      createdAt: r.createdAt,
    })),
  };
}
