import {
  ESCALATE_TOOL,
  ORDER_TOOLS,
  type OrderToolName,
  SEARCH_KNOWLEDGE_BASE_TOOL,
} from './tool-names.js';
import type { ToolSpec } from './tool-spec.js';

/** What the model is told about searching the knowledge base. */
export const SEARCH_KNOWLEDGE_BASE_SPEC: ToolSpec = {
  name: SEARCH_KNOWLEDGE_BASE_TOOL,
  description:
    "Search the shop's policy documents (delivery, returns, exchanges, refunds, payments, account).",
  parameters: { type: 'object', properties: { query: { type: 'string' } }, required: ['query'] },
};

/** What the model is told about handing the conversation to a colleague. */
export const ESCALATE_SPEC: ToolSpec = {
  name: ESCALATE_TOOL,
  description:
    'Hand the conversation to a human colleague (the customer asked for one, or no tool can help).',
  parameters: { type: 'object', properties: { reason: { type: 'string' } } },
};

const orderIdSchema = {
  type: 'string',
  description: 'The order number, such as ORD-1001.',
};

/**
 * What the model is told about the customer's order tools. The customer is never a parameter:
 * the tools take it from the authenticated session, whatever the model sends.
 */
export const ORDER_TOOL_SPECS: Readonly<Record<OrderToolName, ToolSpec>> = {
  [ORDER_TOOLS.list]: {
    name: ORDER_TOOLS.list,
    description:
      "Lists the customer's orders, newest first: order number, status, date placed, items, total and payment method.",
    parameters: { type: 'object', properties: {}, additionalProperties: false },
  },
  [ORDER_TOOLS.status]: {
    name: ORDER_TOOLS.status,
    description:
      "Status of one of the customer's orders with its delivery window (local dates in the destination country), shipping and delivery dates, and items.",
    parameters: {
      type: 'object',
      properties: { orderId: orderIdSchema },
      required: ['orderId'],
      additionalProperties: false,
    },
  },
  [ORDER_TOOLS.returnEligibility]: {
    name: ORDER_TOOLS.returnEligibility,
    description:
      "Whether each item of one of the customer's orders can be returned now, with a reason code when not (not_delivered, already_returned, non_returnable_category, window_expired, return_limit_reached), the last day to return and the return requests used. Items with condition seal_unopened can be returned only if their seal is unopened.",
    parameters: {
      type: 'object',
      properties: { orderId: orderIdSchema },
      required: ['orderId'],
      additionalProperties: false,
    },
  },
  [ORDER_TOOLS.startReturn]: {
    name: ORDER_TOOLS.startReturn,
    description:
      "Starts a return of whole items of one of the customer's orders. Check eligibility first and only call this after the customer asked for the return. All requested items must be eligible. For fragrance, oud oil or bakhoor, ask the customer whether the seal is unopened and pass sealUnopened: true only if they confirm it.",
    parameters: {
      type: 'object',
      properties: {
        orderId: orderIdSchema,
        skus: {
          type: 'array',
          items: { type: 'string' },
          minItems: 1,
          description: 'SKUs of the items to return, as listed in the order.',
        },
        sealUnopened: {
          type: 'boolean',
          description:
            'The customer confirmed that sealed items (fragrance, oud oil, bakhoor) are unopened.',
        },
      },
      required: ['orderId', 'skus'],
      additionalProperties: false,
    },
  },
  [ORDER_TOOLS.payment]: {
    name: ORDER_TOOLS.payment,
    description:
      "Payment of one of the customer's orders: method, status (paid, pending, refund_pending, refunded), total with delivery and cash on delivery fees, and the status of its returns.",
    parameters: {
      type: 'object',
      properties: { orderId: orderIdSchema },
      required: ['orderId'],
      additionalProperties: false,
    },
  },
};

/**
 * The tools offered to the model on every call, in the order it sees them: the knowledge base
 * first, then the service's own tools (the order tools), and the way out last.
 */
export function agentToolSpecs(serviceTools: readonly ToolSpec[]): ToolSpec[] {
  return [SEARCH_KNOWLEDGE_BASE_SPEC, ...serviceTools, ESCALATE_SPEC];
}
