import {
  ANYTHING_ELSE,
  ESCALATE_TOOL,
  ORDER_TOOL_NAMES,
  ORDER_TOOLS,
  REPHRASE_REQUEST,
  type ReplyLanguage,
  returnOfferedIn,
} from '@support/policy';
import {
  answerOf,
  detectOrderIntent,
  orderIdIn,
  orderIntentKindOf,
  type OrderIntent,
  type OrderIntentKind,
} from '@support/reading';
import type { ChatMessage } from '../chat-model.js';
import { entriesOf, recordsSince, textOf, type ToolRecord } from './order-records.js';
import {
  listedOrderIds,
  offerableItems,
  quoteRecord,
  returnEligibilityReply,
  whichOrderReply,
} from './order-replies.js';

/** What the responder does next in an order turn. */
export type OrderStep =
  | { readonly kind: 'call'; readonly tool: string; readonly arguments: Record<string, unknown> }
  | { readonly kind: 'reply'; readonly text: string };

/** Why the responder hands an order question to a human. */
export const NO_ORDERS_FOUND = {
  reason: 'the customer asked about an order and has none',
} as const;

export interface OrderTurnInput {
  readonly messages: readonly ChatMessage[];
  /** Index of the customer's last message in `messages`. */
  readonly lastUser: number;
  readonly question: string;
  readonly language: ReplyLanguage;
  readonly offered: ReadonlySet<string>;
}

const TOOL_OF: Record<Exclude<OrderIntentKind, 'list'>, string> = {
  status: ORDER_TOOLS.status,
  return: ORDER_TOOLS.returnEligibility,
  refund: ORDER_TOOLS.payment,
  payment: ORDER_TOOLS.payment,
};

/** Which of the customer's orders a question without an order number can be about. */
const CANDIDATE: Record<OrderIntentKind, (status: string | undefined) => boolean> = {
  status: (status) => !['delivered', 'cancelled'].includes(status ?? ''),
  return: (status) => status === 'delivered',
  refund: () => true,
  payment: () => true,
  list: () => true,
};

/** The assistant's last words before the customer's message: the question it may be answering. */
function previousReply(messages: readonly ChatMessage[], lastUser: number): string {
  for (let i = lastUser - 1; i >= 0; i -= 1) {
    const message = messages[i]!;
    if (message.role === 'user') return '';
    if (message.role === 'assistant' && message.content.trim()) return message.content;
  }
  return '';
}

function previousQuestion(messages: readonly ChatMessage[], lastUser: number): string {
  for (let i = lastUser - 1; i >= 0; i -= 1) {
    const message = messages[i]!;
    if (message.role === 'user')
      return typeof message.content === 'string'
        ? message.content
        : message.content.flatMap((part) => (part.type === 'text' ? [part.text] : [])).join('\n');
  }
  return '';
}

type Plan =
  | { readonly kind: 'start_return'; readonly orderId: string }
  | { readonly kind: 'declined' }
  | OrderIntent;

/** What this message asks, read with the assistant's question it may be answering. */
function planOf(input: OrderTurnInput): Plan | null {
  const { messages, lastUser, question } = input;
  const before = previousReply(messages, lastUser);
  const offered = returnOfferedIn(before);
  const named = orderIdIn(question);
  if (offered !== undefined && (named === undefined || named === offered)) {
    const answer = answerOf(question);
    if (answer === 'yes') return { kind: 'start_return', orderId: offered };
    if (answer === 'no') return { kind: 'declined' };
  }
  const intent = detectOrderIntent(question);
  // The customer answers "which order?" with a number: the question is the one asked before it.
  const listed = /\[tool-list-my-orders#\d+\]/.test(before) ? listedOrderIds(before) : [];
  if (listed.length > 0 && (intent === null || orderIntentKindOf(question) === undefined)) {
    const chosen = named ?? listed.find((id) => question.includes(id.slice('ORD-'.length)));
    if (chosen !== undefined)
      return {
        kind: orderIntentKindOf(previousQuestion(messages, lastUser)) ?? 'status',
        orderId: chosen,
      };
  }
  return intent;
}

function replyFrom(record: ToolRecord, plan: OrderIntent, language: ReplyLanguage): string {
  // A refusal (`not_found`) has no order to offer anything on.
  if (record.tool === ORDER_TOOLS.returnEligibility && record.data.error === undefined)
    return returnEligibilityReply(record, language, plan.kind === 'return');
  return quoteRecord(record);
}

/**
 * The next step of a turn about the customer's own orders, or null when the message is not one
 * (the knowledge base answers it). Read from the conversation alone, so the same messages always
 * give the same step:
 *
 * - the assistant offered a return ("Shall I start a return of ... from order ORD-1001?") and the
 *   customer says yes → the order's eligibility read again, `start_return` with the items that can
 *   go back now, then the started return; no → the closing courtesy phrase. A return is never
 *   started in the turn that offers it;
 * - a message naming an order → the tool for what it asks (status, return eligibility, payment or
 *   refund), then the record's sentences, each cited;
 * - "my order" without a number → `list_my_orders`; one order it can be about → that order's tool;
 *   several → which one, listing them; none at all → `escalate` ({@link NO_ORDERS_FOUND}).
 *
 * Another customer's order number reaches the tool like any other: the tool answers `not_found`
 * and the reply quotes it.
 */
export function nextOrderStep(input: OrderTurnInput): OrderStep | null {
  const { offered, language } = input;
  if (![...ORDER_TOOL_NAMES].every((name) => offered.has(name))) return null;
  const plan = planOf(input);
  if (plan === null) return null;
  if (plan.kind === 'declined') return { kind: 'reply', text: ANYTHING_ELSE[language] };
  const records = recordsSince(input.messages, input.lastUser);
  if (plan.kind === 'start_return') {
    // The items offered are read again now: what can go back is what the order says today.
    const started = records.find((record) => record.tool === ORDER_TOOLS.startReturn);
    if (started !== undefined) return { kind: 'reply', text: quoteRecord(started) };
    const checked = records.find((record) => record.tool === ORDER_TOOLS.returnEligibility);
    if (checked === undefined)
      return {
        kind: 'call',
        tool: ORDER_TOOLS.returnEligibility,
        arguments: { orderId: plan.orderId },
      };
    const skus = offerableItems(checked).map((item) => item.sku);
    if (skus.length === 0) return { kind: 'reply', text: quoteRecord(checked) };
    return {
      kind: 'call',
      tool: ORDER_TOOLS.startReturn,
      arguments: { orderId: plan.orderId, skus },
    };
  }

  const answered = records.find((record) => record.tool !== ORDER_TOOLS.list);
  if (answered !== undefined) return { kind: 'reply', text: replyFrom(answered, plan, language) };
  if (plan.orderId !== undefined && plan.kind !== 'list')
    return { kind: 'call', tool: TOOL_OF[plan.kind], arguments: { orderId: plan.orderId } };

  const list = records.find((record) => record.tool === ORDER_TOOLS.list);
  if (list === undefined) return { kind: 'call', tool: ORDER_TOOLS.list, arguments: {} };
  const orders = entriesOf(list.data, 'orders');
  if (orders.length === 0)
    return offered.has(ESCALATE_TOOL)
      ? { kind: 'call', tool: ESCALATE_TOOL, arguments: { ...NO_ORDERS_FOUND } }
      : { kind: 'reply', text: REPHRASE_REQUEST[language] };
  if (plan.kind === 'list') return { kind: 'reply', text: quoteRecord(list) };
  const fitting = orders.filter((order) => CANDIDATE[plan.kind](textOf(order, 'status')));
  const candidates = fitting.length > 0 ? fitting : orders;
  if (candidates.length === 1)
    return {
      kind: 'call',
      tool: TOOL_OF[plan.kind],
      arguments: { orderId: textOf(candidates[0]!, 'orderId') },
    };
  return { kind: 'reply', text: whichOrderReply(list, candidates, language) };
}
