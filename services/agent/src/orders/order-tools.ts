import { createHash } from 'node:crypto';
import { ORDER_TOOL_SPECS, ORDER_TOOLS } from '@support/policy';
import type { AgentTool, ToolContext } from './agent-tool.js';
import type { OrderStore } from './order-repository.js';
import {
  deliveryWindowOf,
  localDateOf,
  type Order,
  paymentStatusOf,
  returnEligibility,
  startReturn,
} from './order-rules.js';

export interface ToolError {
  readonly error: 'invalid_arguments' | 'not_found';
  readonly message: string;
}

const invalid = (message: string): ToolError => ({ error: 'invalid_arguments', message });

/** One answer for "no such order" and "someone else's order": the two must be indistinguishable. */
const NOT_FOUND: ToolError = {
  error: 'not_found',
  message: 'No order with this number was found among the customer’s orders.',
};

const isError = (value: unknown): value is ToolError =>
  typeof value === 'object' && value !== null && 'error' in value;

function objectArgs(args: unknown): Record<string, unknown> | ToolError {
  if (args === undefined || args === null) return {};
  if (typeof args !== 'object' || Array.isArray(args))
    return invalid('Arguments must be a JSON object.');
  return args as Record<string, unknown>;
}

/** `ORD-1001`, `ord-1001`, `#ORD 1001` and `1001` all mean ORD-1001. */
function orderIdArg(args: Record<string, unknown>): string | ToolError {
  const value = args['orderId'];
  if (typeof value !== 'string' || value.trim() === '')
    return invalid('orderId is required: the order number, such as ORD-1001.');
  const compact = value.trim().replace(/^#/, '').replace(/\s+/g, '-').toUpperCase();
  if (compact.length > 40 || !/^[A-Z0-9-]+$/.test(compact))
    return invalid('orderId must be an order number such as ORD-1001.');
  const digits = /^(?:ORD-?)?(\d{1,12})$/.exec(compact);
  return digits ? `ORD-${digits[1]}` : compact;
}

function skusArg(args: Record<string, unknown>): string[] | ToolError {
  const value = args['skus'];
  if (!Array.isArray(value) || value.length === 0)
    return invalid('skus is required: a non-empty array of item SKUs from the order.');
  if (value.length > 50) return invalid('skus may list at most 50 items.');
  const skus: string[] = [];
  for (const sku of value) {
    if (typeof sku !== 'string' || sku.trim() === '' || sku.length > 64)
      return invalid('Every entry of skus must be a non-empty SKU string.');
    skus.push(sku.trim().toUpperCase());
  }
  return [...new Set(skus)];
}

function optionalBoolean(args: Record<string, unknown>, name: string): boolean | ToolError {
  const value = args[name];
  if (value === undefined || value === null) return false;
  if (typeof value !== 'boolean') return invalid(`${name} must be true or false.`);
  return value;
}

/** The return id of one tool call: a re-run of the same call (same turn and call id) gets the same id. */
export function returnIdFor(context: ToolContext, orderId: string): string {
  const digest = createHash('sha256')
    .update(`${context.turnId}\u0000${context.callId}\u0000${orderId}`)
    .digest('hex');
  return `RET-${digest.slice(0, 20).toUpperCase()}`;
}

function customerOf(context: ToolContext): string {
  // A wiring fault, not model input: the tools must never run without an authenticated customer.
  if (typeof context.customerId !== 'string' || context.customerId === '')
    throw new Error('Order tools need the authenticated customer id in the tool context');
  return context.customerId;
}

const itemsOf = (order: Order) =>
  order.items.map((item) => ({
    sku: item.sku,
    name: item.name,
    quantity: item.quantity,
    unitPrice: item.unitPrice,
  }));

/**
 * The order tools of the agent, as `@support/policy` specifies them to the model. The customer
 * always comes from the tool context: any customer id among the arguments is ignored, and another
 * customer's order answers exactly like a missing one.
 */
export function orderTools(repository: OrderStore): AgentTool[] {
  /** Validates `orderId` and the tool's own arguments, then runs `use` on the customer's order. */
  const withOrder =
    <T>(
      parse: (args: Record<string, unknown>) => T | ToolError,
      use: (order: Order, parsed: T, context: ToolContext) => Promise<unknown>,
    ) =>
    async (rawArgs: Record<string, unknown>, context: ToolContext): Promise<unknown> => {
      const customerId = customerOf(context);
      const args = objectArgs(rawArgs);
      if (isError(args)) return args;
      const orderId = orderIdArg(args);
      if (isError(orderId)) return orderId;
      const parsed = parse(args);
      if (isError(parsed)) return parsed;
      const order = await repository.findOwned(customerId, orderId);
      return order ? use(order, parsed, context) : NOT_FOUND;
    };
  const noMore = () => undefined;

  return [
    {
      ...ORDER_TOOL_SPECS[ORDER_TOOLS.list],
      run: async (rawArgs, context) => {
        const customerId = customerOf(context);
        const args = objectArgs(rawArgs);
        if (isError(args)) return args;
        const orders = await repository.findForCustomer(customerId);
        return {
          orders: orders.map((order) => ({
            orderId: order.id,
            status: order.status,
            placedOn: localDateOf(order.placedAt, order.country),
            city: order.city,
            items: itemsOf(order),
            total: order.total,
            currency: order.currency,
            paymentMethod: order.paymentMethod,
          })),
        };
      },
    },
    {
      ...ORDER_TOOL_SPECS[ORDER_TOOLS.status],
      run: withOrder(noMore, async (order, _args, context) => ({
        ...deliveryWindowOf(order, context.now),
        items: itemsOf(order),
      })),
    },
    {
      ...ORDER_TOOL_SPECS[ORDER_TOOLS.returnEligibility],
      run: withOrder(noMore, async (order, _args, context) =>
        returnEligibility(order, context.now),
      ),
    },
    {
      ...ORDER_TOOL_SPECS[ORDER_TOOLS.startReturn],
      run: withOrder(
        (args) => {
          const skus = skusArg(args);
          if (isError(skus)) return skus;
          const sealUnopened = optionalBoolean(args, 'sealUnopened');
          if (isError(sealUnopened)) return sealUnopened;
          return { skus, sealUnopened };
        },
        async (order, { skus, sealUnopened }, context) => {
          const decision = startReturn(order, skus, context.now, returnIdFor(context, order.id), {
            sealUnopened,
          });
          // Only SKUs of the order go back. The result becomes a record the answer may cite, so a
          // string the model sent ("unknown SKU" RETURNS ACCEPTED FOR 365 DAYS) would otherwise
          // come back as the shop's data and let the model cite its own words.
          const refused = (d: Extract<typeof decision, { type: 'return_refused' }>) => ({
            result: 'return_refused',
            orderId: d.orderId,
            reason: d.reason,
            skus: d.skus.filter((sku) => order.items.some((item) => item.sku === sku)),
            ...(d.reason === 'unknown_sku'
              ? { message: 'Some SKUs are not items of this order; get_order_status lists them.' }
              : {}),
            ...(d.items ? { items: d.items } : {}),
          });
          if (decision.type === 'return_refused') return refused(decision);
          const recorded = await repository.recordReturn(
            customerOf(context),
            order.id,
            decision.return,
          );
          if (recorded.outcome === 'not_found') return NOT_FOUND;
          if (recorded.outcome === 'refused') return refused(recorded.decision);
          const started = recorded.return;
          return {
            result: 'return_started',
            orderId: order.id,
            returnId: started.returnId,
            status: started.status,
            createdAt: started.createdAt,
            items: order.items
              .filter((item) => started.skus.includes(item.sku))
              .map((item) => ({ sku: item.sku, name: item.name, quantity: item.quantity })),
            conditions: started.conditions,
          };
        },
      ),
    },
    {
      ...ORDER_TOOL_SPECS[ORDER_TOOLS.payment],
      run: withOrder(noMore, async (order) => paymentStatusOf(order)),
    },
  ];
}
