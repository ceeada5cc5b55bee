import { conceptList } from './concept-lists.js';

/** The countries and main cities a Gulf shop ships to (`shop-concepts.yaml`, `gulf_places`). */
export const GULF_PLACES = conceptList('gulf_places');

/** The region's payment brands and instalment words (`shop-concepts.yaml`, `payment_names`). */
export const GULF_PAYMENT_NAMES = conceptList('payment_names');

/** Names every Gulf shop's customers and policies write: its places and payment brands. */
export const GULF_NAMES: Readonly<Record<string, { en: string; ar: string }>> = {
  ...GULF_PLACES,
  ...GULF_PAYMENT_NAMES,
};
