/** What opening a personal field gives: its value, or that its customer was forgotten. */
export type Opened<T> = { readonly kind: 'open'; readonly value: T } | { readonly kind: 'erased' };

/** What every reader shows in place of a forgotten customer's words. */
export const ERASED_TEXT = '[erased]';

/** The value, or {@link ERASED_TEXT} when its customer was forgotten. */
export function textOrErased(opened: Opened<string>): string {
  return opened.kind === 'open' ? opened.value : ERASED_TEXT;
}

/** A sealed value that is not what was sealed (a changed byte, another key): never "erased". */
export class SealBroken extends Error {
  readonly code = 'validation_failed';
  constructor(reason: string) {
    super(`Sealed personal data cannot be opened: ${reason}`);
    this.name = 'SealBroken';
  }
}
