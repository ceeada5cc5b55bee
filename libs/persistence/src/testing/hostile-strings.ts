/**
 * Characters every contract accepts in a string: U+0000 and unpaired surrogates (which Postgres
 * refuses as they are) beside control characters, a line separator and a real surrogate pair
 * (which it stores unchanged).
 */
export const HOSTILE_SUFFIX =
  ' nul[\u0000] high[\ud800] low[\udc00] ctl[\u0007\u001b[2J\u007f\u0085\u2028] ok[😀]';

/** `HOSTILE_SUFFIX` as every writer stores it: each refused character becomes U+FFFD. */
export const STORED_HOSTILE_SUFFIX =
  ' nul[\ufffd] high[\ufffd] low[\ufffd] ctl[\u0007\u001b[2J\u007f\u0085\u2028] ok[😀]';

export const hostile = (text: string) => `${text}${HOSTILE_SUFFIX}`;
export const storedHostile = (text: string) => `${text}${STORED_HOSTILE_SUFFIX}`;
