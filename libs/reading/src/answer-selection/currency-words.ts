import { pairWords } from '@support/language';

// The currencies of the trade's pack (domain/fashion-retail/currencies.yaml) as a sum writes them.

/** What stands after the number of a sum: a code or a name, in any of its forms ("3 دنانير"). */
export const CURRENCY_AFTER_NUMBER: readonly string[] = [
  ...pairWords('currency.codes'),
  ...pairWords('currency.names'),
  ...pairWords('currency.name_forms'),
];

/** What stands before the number of a sum: a code or its short form ("SAR 150", "$20"). */
export const CURRENCY_BEFORE_NUMBER: readonly string[] = [
  ...pairWords('currency.codes'),
  ...pairWords('currency.short_forms'),
];
