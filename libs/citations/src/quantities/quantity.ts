export type QuantityKind = 'number' | 'price' | 'duration' | 'percentage';

export type DurationUnit = 'minute' | 'hour' | 'day' | 'week' | 'month' | 'year';

export type CurrencyCode = 'SAR' | 'AED' | 'KWD' | 'QAR' | 'BHD' | 'OMR';

/** A number stated in a text, with what it counts where the text says so. */
export interface Quantity {
  /** The canonical value: digits of any script, separators and number words resolved ("١٬٥٠٠" → 1500). */
  value: number;
  /** `number` when no unit follows: it is then compatible with any kind. */
  kind: QuantityKind;
  /** The duration unit, or the currency when the text names one unambiguously (a bare "riyal" does not). */
  unit?: DurationUnit | CurrencyCode;
  /** "working days" / "business days" / "أيام عمل". */
  working?: boolean;
  /** A clock hour ("4 PM" as 16): a value with a case, unlike an order number. */
  clock?: boolean;
  /** The matched words, as normalised (lowercased, Arabic folded, digits in 0-9). */
  text: string;
}
