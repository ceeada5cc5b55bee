import { type ReplyLanguage, returnOfferQuestion, whichOrderQuestion } from '@support/policy';
import { entriesOf, type RecordData, textOf, type ToolRecord } from './order-records.js';

/** `sentence` with its citation before the closing punctuation: "... 2026 [tool-x#1]." */
function cited(sentence: string, chunkId: string): string {
  const end = /[.!?؟]+$/.exec(sentence);
  const body = end ? sentence.slice(0, end.index) : sentence;
  return `${body} [${chunkId}]${end ? end[0] : '.'}`;
}

/** The record's sentences, each cited: what the customer reads about the order. */
export function quoteRecord(record: ToolRecord): string {
  return record.sentences.map((sentence) => cited(sentence, record.chunkId)).join('\n');
}

/** The items a return may start for without asking anything more (no seal to confirm). */
export function offerableItems(record: ToolRecord): { sku: string; name: string }[] {
  return entriesOf(record.data, 'items').flatMap((item) => {
    const sku = textOf(item, 'sku');
    const name = textOf(item, 'name');
    if (item.eligible !== true || item.condition !== undefined || !sku || !name) return [];
    return [{ sku, name }];
  });
}

/** The record, then, when `offer` and some items can go back now, the offer to start a return. */
export function returnEligibilityReply(
  record: ToolRecord,
  language: ReplyLanguage,
  offer: boolean,
): string {
  const orderId = textOf(record.data, 'orderId');
  const offerable = offerableItems(record);
  const lines = [quoteRecord(record)];
  if (offer && offerable.length > 0 && orderId !== undefined)
    lines.push(
      cited(
        returnOfferQuestion(
          offerable.map((item) => item.name),
          orderId,
          language,
        ),
        record.chunkId,
      ),
    );
  return lines.join('\n');
}

/** "Which order do you mean: ORD-1002 (...) or ORD-1003 (...)?", cited from the list. */
export function whichOrderReply(
  record: ToolRecord,
  candidates: readonly RecordData[],
  language: ReplyLanguage,
): string {
  return cited(whichOrderQuestion(candidates, language), record.chunkId);
}

/** The order numbers the reply named when it asked which order. */
export function listedOrderIds(text: string): string[] {
  return [...new Set(text.match(/\bORD-\d+\b/g) ?? [])];
}
