import type { ReplyLanguage } from '@support/policy';
import { entriesOf, type ToolRecord, valueOf } from './order-records.js';

/**
 * The replies are the records' own `key: value` facts, verbatim and cited, so that the reply
 * validator finds every word of them in the record. An Arabic reply puts one Arabic word in front
 * of each sentence (the customer must be able to read what it is about, and a sentence wholly in
 * English fails the language check); one word against the facts' several keeps the sentence
 * supported.
 */
const LEAD = {
  status: { en: '', ar: 'طلبك' },
  items: { en: '', ar: 'المنتجات' },
  item: { en: '', ar: 'المنتج' },
  payment: { en: '', ar: 'الدفع' },
  return: { en: '', ar: 'الإرجاع' },
  refund: { en: '', ar: 'الاسترداد' },
  orders: { en: '', ar: 'طلباتك' },
  error: { en: '', ar: 'الطلب' },
} as const;

/** Asks to start a return; {@link returnOfferIn} reads it back from the conversation. */
export const RETURN_OFFER = { en: 'Start a return of', ar: 'نبدأ إرجاع' } as const;
const FROM = { en: 'from', ar: 'من' } as const;
const OR = { en: 'or', ar: 'أو' } as const;
const WHICH = { en: 'Which order', ar: 'تقصد' } as const;
const QUESTION_MARK = { en: '?', ar: '؟' } as const;

function sentence(
  lead: keyof typeof LEAD,
  body: string,
  record: ToolRecord,
  language: ReplyLanguage,
): string {
  const start = LEAD[lead][language];
  return `${start ? `${start} ` : ''}${body} [${record.chunkId}].`;
}

/** `key: value` for each key the record has (not null), joined by commas. */
function facts(record: ToolRecord, keys: readonly string[]): string {
  return keys
    .flatMap((key) => {
      const value = valueOf(record, key);
      return value === undefined ? [] : [`${key}: ${value}`];
    })
    .join(', ');
}

function itemEntries(record: ToolRecord) {
  return entriesOf(record, 'items');
}

/** The tool answered with an error (`not_found`): its message, quoted. */
function errorReply(record: ToolRecord, language: ReplyLanguage): string | undefined {
  const error = valueOf(record, 'error');
  if (error === undefined) return undefined;
  // The message is a sentence of its own: its full stop would end ours before the citation.
  const message = valueOf(record, 'message')?.replace(/[.!?]+$/, '');
  const body =
    language === 'en' && message !== undefined ? message : facts(record, ['error', 'message']);
  return sentence('error', body, record, language);
}

export function orderStatusReply(record: ToolRecord, language: ReplyLanguage): string {
  const error = errorReply(record, language);
  if (error !== undefined) return error;
  const settled = ['delivered', 'cancelled'].includes(valueOf(record, 'progress') ?? '');
  const keys = [
    'status',
    'progress',
    'city',
    'placedOn',
    'shippedOn',
    ...(settled ? [] : ['expectedFrom', 'expectedTo']),
    'deliveredOn',
    'cancelledOn',
  ];
  const lines = [
    sentence('status', `${valueOf(record, 'orderId')} ${facts(record, keys)}`, record, language),
  ];
  const names = itemEntries(record).flatMap((item) => {
    const name = item.get('name');
    return name === undefined ? [] : [`${name} (quantity: ${item.get('quantity') ?? ''})`];
  });
  if (names.length > 0)
    lines.push(sentence('items', `items: ${names.join('; ')}`, record, language));
  return lines.join('\n');
}

/** The items a return may start for without asking anything more (no seal to confirm). */
export function offerableItems(record: ToolRecord): { sku: string; name: string }[] {
  return itemEntries(record).flatMap((item) => {
    const sku = item.get('sku');
    const name = item.get('name');
    if (item.get('eligible') !== 'true' || item.has('condition') || !sku || !name) return [];
    return [{ sku, name }];
  });
}

export function returnEligibilityReply(
  record: ToolRecord,
  language: ReplyLanguage,
  offer: boolean,
): string {
  const error = errorReply(record, language);
  if (error !== undefined) return error;
  const orderId = valueOf(record, 'orderId');
  const lines = [
    sentence(
      'status',
      `${orderId} ${facts(record, ['status', 'deliveredOn', 'returnBy', 'daysLeft'])}`,
      record,
      language,
    ),
  ];
  for (const item of itemEntries(record)) {
    const detail = ['eligible', 'condition', 'reason', 'detail']
      .filter((key) => item.has(key))
      .map((key) => `${key}: ${item.get(key)}`)
      .join(', ');
    lines.push(
      sentence(
        'item',
        `${item.get('name')} (sku: ${item.get('sku')}): ${detail}`,
        record,
        language,
      ),
    );
  }
  const offerable = offerableItems(record);
  if (offer && offerable.length > 0 && orderId !== undefined) {
    const items = offerable.map((item) => `${item.name} (sku: ${item.sku})`).join('; ');
    lines.push(
      `${RETURN_OFFER[language]} ${items} ${FROM[language]} ${orderId} [${record.chunkId}]${QUESTION_MARK[language]}`,
    );
  }
  return lines.join('\n');
}

export function paymentReply(
  record: ToolRecord,
  language: ReplyLanguage,
  about: 'payment' | 'refund',
): string {
  const error = errorReply(record, language);
  if (error !== undefined) return error;
  const lines = [
    sentence(
      about,
      `${valueOf(record, 'orderId')} ${facts(record, ['method', 'status', 'total', 'currency'])}`,
      record,
      language,
    ),
  ];
  for (const entry of entriesOf(record, 'returns'))
    lines.push(
      sentence(
        'return',
        `returnId: ${entry.get('returnId')}, status: ${entry.get('status')}`,
        record,
        language,
      ),
    );
  return lines.join('\n');
}

export function startReturnReply(record: ToolRecord, language: ReplyLanguage): string {
  const error = errorReply(record, language);
  if (error !== undefined) return error;
  const lines = [
    sentence(
      'return',
      `${valueOf(record, 'orderId')} ${facts(record, ['result', 'returnId', 'status', 'reason'])}`,
      record,
      language,
    ),
  ];
  const names = itemEntries(record).flatMap((item) => {
    const name = item.get('name');
    return name === undefined ? [] : [`${name} (sku: ${item.get('sku')})`];
  });
  if (names.length > 0)
    lines.push(sentence('items', `items: ${names.join('; ')}`, record, language));
  return lines.join('\n');
}

/** One listed order, in the words of the list record. */
function orderSummary(order: Map<string, string>): string {
  const keys = ['status', 'placedOn', 'city'].filter((key) => order.has(key));
  return `${order.get('orderId')} (${keys.map((key) => `${key}: ${order.get(key)}`).join(', ')})`;
}

/** "Which order: ORD-1002 (status: shipped, ...) or ORD-1003 (...)?", cited from the list. */
export function whichOrderReply(
  record: ToolRecord,
  candidates: readonly Map<string, string>[],
  language: ReplyLanguage,
): string {
  const listed = candidates.map(orderSummary);
  const options = `${listed.slice(0, -1).join(', ')} ${OR[language]} ${listed.at(-1)}`;
  return `${WHICH[language]}: ${options} [${record.chunkId}]${QUESTION_MARK[language]}`;
}

export function orderListReply(record: ToolRecord, language: ReplyLanguage): string {
  const orders = entriesOf(record, 'orders').map(
    (order) =>
      `${orderSummary(order)}${order.has('total') ? `: total: ${order.get('total')} ${order.get('currency') ?? ''}`.trimEnd() : ''}`,
  );
  return sentence('orders', `orders: ${orders.join('; ')}`, record, language);
}

/** The order number the reply named when it asked which order. */
export function listedOrderIds(text: string): string[] {
  return [...new Set(text.match(/\bORD-\d+\b/g) ?? [])];
}

/** The return the previous assistant message offered to start, or undefined when it offered none. */
export function returnOfferIn(text: string): { orderId: string; skus: string[] } | undefined {
  for (const language of ['en', 'ar'] as const) {
    const at = text.lastIndexOf(RETURN_OFFER[language]);
    if (at < 0) continue;
    const offer = text.slice(at).split('\n')[0]!;
    const orderId = new RegExp(`\\s${FROM[language]} (ORD-\\d+) \\[`).exec(offer)?.[1];
    const skus = [...offer.matchAll(/\(sku: ([A-Z0-9-]+)\)/g)].map((m) => m[1]!);
    if (orderId !== undefined && skus.length > 0) return { orderId, skus };
  }
  return undefined;
}
