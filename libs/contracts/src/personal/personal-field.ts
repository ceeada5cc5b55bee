import { ValidateBy, type ValidationOptions } from 'class-validator';
import { isLegacyPlain, isSealed, sealedLengthFor } from './sealed-format.js';

/** What a personal field holds once opened: text, or binary data (a photo's bytes) in base64. */
export type PersonalKind = 'text' | 'bytes';

const personalFields = new Map<Function, Map<string, PersonalKind>>();

/** Every class with personal fields, and those fields (the AsyncAPI document marks them). */
export function classesWithPersonalFields(): ReadonlyMap<
  Function,
  ReadonlyMap<string, PersonalKind>
> {
  return personalFields;
}

/** The personal fields a payload class declares itself (not those of the classes it nests). */
export function personalFieldsOf(cls: Function): ReadonlyMap<string, PersonalKind> {
  const own = new Map<string, PersonalKind>();
  for (let at: unknown = cls; typeof at === 'function' && at !== Function.prototype;) {
    for (const [name, kind] of personalFields.get(at) ?? [])
      if (!own.has(name)) own.set(name, kind);
    at = Object.getPrototypeOf(at);
  }
  return own;
}

function personal(kind: PersonalKind, maxLength: number, options?: ValidationOptions) {
  const validate = ValidateBy(
    {
      name: 'isSealedPersonalData',
      constraints: [maxLength],
      validator: {
        validate: (value: unknown) =>
          (isSealed(value) || isLegacyPlain(value)) && value.length <= maxLength,
        defaultMessage: () =>
          `$property is personal data: it must be sealed with the customer's key ` +
          `(pd1.<keyId>.<iv>.<tag>.<ciphertext>, at most ${maxLength} characters), never plaintext`,
      },
    },
    options,
  );
  return (target: object, property: string | symbol): void => {
    const fields = personalFields.get(target.constructor) ?? new Map<string, PersonalKind>();
    fields.set(String(property), kind);
    personalFields.set(target.constructor, fields);
    validate(target, property);
  };
}

/**
 * A field holding what a customer wrote (or what quotes it): sealed under the customer's data key
 * (`libs/privacy`), so validation refuses plaintext and forgetting the customer erases it in every
 * copy of the log. `maxChars` bounds the plaintext.
 */
export function PersonalText(options: { maxChars: number } & ValidationOptions) {
  const { maxChars, ...validation } = options;
  return personal('text', sealedLengthFor(maxChars), validation);
}

/** Binary data a customer sent (a photo), sealed as bytes; `maxBytes` bounds the plaintext. */
export function PersonalBytes(options: { maxBytes: number } & ValidationOptions) {
  const { maxBytes, ...validation } = options;
  return personal('bytes', sealedLengthFor(maxBytes, 'bytes'), validation);
}

/**
 * Refuses a value an upcaster wrapped ({@link isLegacyPlain}, or what `isLegacy` says) anywhere in
 * a payload about to be published: old plaintext may be read, never written again.
 */
export function legacyPlainPath(
  value: unknown,
  path = 'payload',
  isLegacy: (text: string) => boolean = isLegacyPlain,
): string | null {
  if (typeof value === 'string') return isLegacy(value) ? path : null;
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = legacyPlainPath(item, `${path}[${index}]`, isLegacy);
      if (found) return found;
    }
    return null;
  }
  if (value && typeof value === 'object')
    for (const [key, item] of Object.entries(value)) {
      const found = legacyPlainPath(item, `${path}.${key}`, isLegacy);
      if (found) return found;
    }
  return null;
}
