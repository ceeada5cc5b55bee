import type { ValueTransformer } from 'typeorm';

/** timestamptz <-> ISO-8601 strings, so rows compare and serialise exactly. */
export const isoTimestamp: ValueTransformer = {
  to: (value: string | null | undefined) => value ?? null,
  from: (value: Date | null) => (value ? value.toISOString() : null),
};
