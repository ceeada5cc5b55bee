import { ValidateBy, type ValidationOptions } from 'class-validator';
import { PROVIDER_MESSAGE_ID_MAX_CHARS } from '../limits.js';

/**
 * How a channel's message id travels: never as the provider gave it (WhatsApp's `wamid.…` is
 * base64 of a record holding the customer's number) but as a reference `libs/privacy` derives from
 * it under the master key:
 *
 *   wam1.<HMAC-SHA256, base64url>
 *
 * Deterministic, so retries still deduplicate and status callbacks still find their message; the
 * provider's own id stays in the adapter's tables, which go with the customer.
 *
 * `wam0.<the provider's id>` is an id an event carried before, wrapped by its upcaster: the adapter
 * reads it (and derives the reference), nothing may publish it.
 */
export const PROVIDER_MESSAGE_REF_VERSION = 'wam1';
export const LEGACY_PROVIDER_MESSAGE_ID_VERSION = 'wam0';

const REF_PATTERN = /^wam1\.[A-Za-z0-9_-]{43}$/;
const LEGACY_PATTERN = new RegExp(`^wam0\\.([\\s\\S]{1,${PROVIDER_MESSAGE_ID_MAX_CHARS}})$`);

export function isProviderMessageRef(value: unknown): value is string {
  return typeof value === 'string' && REF_PATTERN.test(value);
}

/** An old event's provider id, as its upcaster hands it on. */
export function legacyProviderMessageId(providerMessageId: string): string {
  return `${LEGACY_PROVIDER_MESSAGE_ID_VERSION}.${providerMessageId}`;
}

/** The provider's id inside a {@link legacyProviderMessageId} value, or null. */
export function readLegacyProviderMessageId(value: string): string | null {
  return LEGACY_PATTERN.exec(value)?.[1] ?? null;
}

export function isLegacyProviderMessageId(value: unknown): value is string {
  return typeof value === 'string' && LEGACY_PATTERN.test(value);
}

const refFields = new Map<Function, Set<string>>();

/** Every class with provider message references, and those fields (the AsyncAPI document marks them). */
export function classesWithProviderMessageRefs(): ReadonlyMap<Function, ReadonlySet<string>> {
  return refFields;
}

/**
 * A field holding a channel's message id (or, with `each: true`, a list of them): validation
 * refuses anything but a reference (or an upcast old id), so the provider's id, which may encode
 * the customer's number, cannot be published.
 */
export function ProviderMessageRef(options?: ValidationOptions) {
  const validate = ValidateBy(
    {
      name: 'isProviderMessageRef',
      validator: {
        validate: (value: unknown) =>
          isProviderMessageRef(value) || isLegacyProviderMessageId(value),
        defaultMessage: () =>
          "$property is a reference to the provider's message id " +
          '(wam1.<HMAC-SHA256, base64url>), never the id itself',
      },
    },
    options,
  );
  return (target: object, property: string | symbol): void => {
    const fields = refFields.get(target.constructor) ?? new Set<string>();
    fields.add(String(property));
    refFields.set(target.constructor, fields);
    validate(target, property);
  };
}
