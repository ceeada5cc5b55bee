import { createIntl, createIntlCache, type IntlShape } from '@formatjs/intl';
import type { ReplyLanguage } from '../language/reply-language.js';
import { ORDER_TOOLS } from '../tools/tool-names.js';
import { ORDER_MESSAGES } from './order-messages.js';

/**
 * The locale each reply language formats dates and amounts in: day before month, as the Gulf
 * writes them, and the digits CLDR gives the language.
 */
const LOCALES: Readonly<Record<ReplyLanguage, string>> = { en: 'en-GB', ar: 'ar' };
const cache = createIntlCache();
const intls = new Map<ReplyLanguage, IntlShape<string>>();

function intlOf(language: ReplyLanguage): IntlShape<string> {
  let intl = intls.get(language);
  if (!intl) {
    intl = createIntl(
      { locale: LOCALES[language], defaultLocale: 'en-GB', messages: ORDER_MESSAGES[language] },
      cache,
    );
    intls.set(language, intl);
  }
  return intl;
}

/** A tool's result as the order tools return it: read defensively, it is only JSON. */
type Fields = Record<string, unknown>;

const str = (fields: Fields, key: string) =>
  typeof fields[key] === 'string' ? (fields[key] as string) : undefined;
const num = (fields: Fields, key: string) =>
  typeof fields[key] === 'number' ? (fields[key] as number) : undefined;
const list = (fields: Fields, key: string): Fields[] =>
  Array.isArray(fields[key])
    ? (fields[key] as Fields[]).filter((f) => f && typeof f === 'object')
    : [];

/** An order's text in one language: its sentences and the name of the record a customer sees. */
class OrderText {
  private readonly intl: IntlShape<string>;

  constructor(readonly language: ReplyLanguage) {
    this.intl = intlOf(language);
  }

  say(id: string, values: Record<string, string | number | undefined> = {}): string {
    return String(this.intl.formatMessage({ id }, values as Record<string, string | number>));
  }

  /** A local calendar date of the destination (`YYYY-MM-DD`), as "6 December 2026". */
  day(iso: string | undefined, style: 'long' | 'full' = 'long'): string | undefined {
    if (iso === undefined || !/^\d{4}-\d{2}-\d{2}$/.test(iso)) return undefined;
    // The date is already the destination's local day: read and written at UTC midnight.
    return this.intl.formatDate(`${iso}T00:00:00Z`, { dateStyle: style, timeZone: 'UTC' });
  }

  money(amount: number | undefined, currency: string | undefined): string | undefined {
    if (amount === undefined || currency === undefined) return undefined;
    return this.intl.formatNumber(amount, { style: 'currency', currency });
  }

  items(fields: Fields): string | undefined {
    const names = list(fields, 'items').flatMap((item) => {
      const name = str(item, 'name');
      return name === undefined
        ? []
        : [this.say('item', { name, quantity: num(item, 'quantity') ?? 1 })];
    });
    return names.length === 0 ? undefined : this.intl.formatList(names, { type: 'conjunction' });
  }

  state(status: string | undefined): string {
    return status !== undefined && ORDER_MESSAGES[this.language][`state.${status}`]
      ? this.say(`state.${status}`)
      : (status ?? '');
  }

  method(method: string | undefined): string {
    return method !== undefined && ORDER_MESSAGES[this.language][`method.${method}`]
      ? this.say(`method.${method}`)
      : (method ?? '');
  }
}

/** What an order tool's record holds: the sentences, and the name its citation shows. */
export interface OrderRecordText {
  readonly title: string;
  /** One sentence a line, each whole, ending with its full stop. */
  readonly sentences: string[];
}

function statusSentences(text: OrderText, r: Fields): string[] {
  const orderId = str(r, 'orderId');
  const status = str(r, 'status') ?? 'placed';
  const sentences = [
    text.say(`status.${ORDER_MESSAGES.en[`status.${status}`] ? status : 'placed'}`, {
      orderId,
      city: str(r, 'city'),
      placedOn: text.day(str(r, 'placedOn')),
      shippedOn: text.day(str(r, 'shippedOn')),
      deliveredOn: text.day(str(r, 'deliveredOn')),
      cancelledOn: text.day(str(r, 'cancelledOn')),
    }),
  ];
  const progress = str(r, 'progress');
  const window = {
    city: str(r, 'city'),
    from: text.day(str(r, 'expectedFrom'), 'full'),
    to: text.day(str(r, 'expectedTo'), 'full'),
  };
  if (progress === 'overdue') sentences.push(text.say('window.overdue', window));
  else if (progress === 'on_schedule' && window.from !== undefined)
    sentences.push(text.say(window.from === window.to ? 'window.day' : 'window.range', window));
  const items = text.items(r);
  if (items !== undefined) sentences.push(text.say('items', { items }));
  return sentences;
}

function eligibilitySentences(text: OrderText, r: Fields): string[] {
  const orderId = str(r, 'orderId');
  const deliveredOn = text.day(str(r, 'deliveredOn'));
  if (deliveredOn === undefined) return [text.say('return.notDelivered', { orderId })];
  const daysLeft = num(r, 'daysLeft') ?? 0;
  const returnBy = text.day(str(r, 'returnBy'));
  const items = list(r, 'items');
  const open = items.some((item) => item.reason !== 'window_expired');
  const sentences = [
    text.say(open ? 'return.window' : 'return.closed', {
      orderId,
      deliveredOn,
      returnBy,
      daysLeft,
    }),
  ];
  const limit = num((r.returnRequests ?? {}) as Fields, 'limit');
  for (const item of items) {
    const name = str(item, 'name');
    if (item.eligible === true)
      sentences.push(text.say(item.condition ? 'return.sealed' : 'return.eligible', { name }));
    else if (item.reason !== 'not_delivered' && (open || item.reason !== 'window_expired'))
      sentences.push(
        text.say(`return.${String(item.reason)}`, { name, detail: str(item, 'detail'), limit }),
      );
  }
  return sentences;
}

function paymentSentences(text: OrderText, r: Fields): string[] {
  const orderId = str(r, 'orderId');
  const currency = str(r, 'currency');
  const status = str(r, 'status') ?? 'pending';
  const sentences = [
    text.say(`payment.${status}`, {
      orderId,
      method: text.method(str(r, 'method')),
      total: text.money(num(r, 'total'), currency),
    }),
  ];
  const delivery = num(r, 'deliveryFee') ?? 0;
  const cash = num(r, 'cashOnDeliveryFee') ?? 0;
  if (delivery > 0 || cash > 0)
    sentences.push(
      text.say('payment.fees', {
        deliveryFee: delivery > 0 ? text.money(delivery, currency) : 'none',
        cashFee: cash > 0 ? text.money(cash, currency) : 'none',
        both: delivery > 0 && cash > 0 ? 'yes' : 'no',
      }),
    );
  for (const entry of list(r, 'returns'))
    sentences.push(
      text.say('payment.return', {
        returnId: str(entry, 'returnId'),
        status: str(entry, 'status'),
      }),
    );
  return sentences;
}

function startReturnSentences(text: OrderText, r: Fields): string[] {
  const orderId = str(r, 'orderId');
  if (r.result !== 'return_started') return [text.say(`refused.${String(r.reason)}`, { orderId })];
  const sentences = [
    text.say('started.return', { returnId: str(r, 'returnId'), orderId, items: text.items(r) }),
  ];
  if (Array.isArray(r.conditions) && r.conditions.length > 0)
    sentences.push(text.say('started.sealed'));
  return sentences;
}

/** One line of the customer's orders: number, day placed, city, status and total. */
function listedOrderSentence(text: OrderText, order: Fields): string {
  return text.say('list.order', {
    orderId: str(order, 'orderId'),
    placedOn: text.day(str(order, 'placedOn')),
    city: str(order, 'city'),
    status: text.state(str(order, 'status')),
    total: text.money(num(order, 'total'), str(order, 'currency')),
  });
}

/**
 * An order tool's result as the sentences a customer reads, in the reply's language, and the name
 * of the record ("Your order ORD-1002", "Your orders"). The list of orders has one sentence per
 * order, in the list's order; a refusal (`not_found`) is its sentence; an argument the model got
 * wrong (`invalid_arguments`) keeps the tool's own words, which are for the model.
 */
export function orderRecordText(
  tool: string,
  result: unknown,
  language: ReplyLanguage,
): OrderRecordText {
  const text = new OrderText(language);
  const r = (result && typeof result === 'object' ? result : {}) as Fields;
  const orderId = str(r, 'orderId');
  const title = orderId ? text.say('title.order', { orderId }) : text.say('title.orders');
  if (r.error === 'not_found') return { title, sentences: [text.say('error.not_found')] };
  if (r.error !== undefined) return { title, sentences: [String(r.message ?? r.error)] };
  switch (tool) {
    case ORDER_TOOLS.list: {
      const orders = list(r, 'orders');
      return {
        title: text.say('title.orders'),
        sentences:
          orders.length === 0
            ? [text.say('list.none')]
            : orders.map((order) => listedOrderSentence(text, order)),
      };
    }
    case ORDER_TOOLS.status:
      return { title, sentences: statusSentences(text, r) };
    case ORDER_TOOLS.returnEligibility:
      return { title, sentences: eligibilitySentences(text, r) };
    case ORDER_TOOLS.payment:
      return { title, sentences: paymentSentences(text, r) };
    case ORDER_TOOLS.startReturn:
      return { title, sentences: startReturnSentences(text, r) };
    default:
      return { title, sentences: [] };
  }
}

/** "Which order do you mean: ORD-1002 (shipped, placed on 1 December 2026) or ORD-1003 (...)?" */
export function whichOrderQuestion(orders: readonly Fields[], language: ReplyLanguage): string {
  const text = new OrderText(language);
  const options = orders.map((order) =>
    text.say('which.option', {
      orderId: str(order, 'orderId'),
      status: text.state(str(order, 'status')),
      placedOn: text.day(str(order, 'placedOn')),
    }),
  );
  return text.say('which.order', {
    orders: intlOf(language).formatList(options, { type: 'disjunction' }),
  });
}

/** "Shall I start a return of Black crepe abaya from order ORD-1001?" */
export function returnOfferQuestion(
  itemNames: readonly string[],
  orderId: string,
  language: ReplyLanguage,
): string {
  return new OrderText(language).say('return.offer', {
    items: intlOf(language).formatList(itemNames, { type: 'conjunction' }),
    orderId,
  });
}

/** The words the offer starts with in each language, up to its first placeholder. */
const OFFER_LEADS = Object.values(ORDER_MESSAGES).map((m) => m['return.offer']!.split('{')[0]!);

/** The order a message offered to start a return of (see {@link returnOfferQuestion}), if any. */
export function returnOfferedIn(message: string): string | undefined {
  for (const line of message.split('\n'))
    if (OFFER_LEADS.some((lead) => line.startsWith(lead))) return /\bORD-\d+\b/.exec(line)?.[0];
  return undefined;
}
