import type { EventEnvelope } from './envelope.js';

/** Upcasts a payload of version N to version N + 1. Old shapes are upcast once, at decode. */
export type Upcaster = (payload: Record<string, unknown>) => Record<string, unknown>;

export interface EventDefinition<TType extends string = string, TPayload extends object = object> {
  /** `<aggregate>.<event>`; the subject is `support.<type>`. */
  readonly type: TType;
  /** The current version: producers publish it, consumers see only it. */
  readonly version: number;
  readonly subject: string;
  readonly payload: new () => TPayload;
  readonly summary: string;
  /** `upcasters[n]` turns version n into n + 1, for every n below `version`. */
  readonly upcasters: Readonly<Record<number, Upcaster>>;
}

export const SUBJECT_PREFIX = 'support';

export function defineEvent<TType extends string, TPayload extends object>(definition: {
  type: TType;
  version: number;
  payload: new () => TPayload;
  summary: string;
  upcasters?: Record<number, Upcaster>;
}): EventDefinition<TType, TPayload> {
  return Object.freeze({
    ...definition,
    subject: `${SUBJECT_PREFIX}.${definition.type}`,
    upcasters: Object.freeze({ ...(definition.upcasters ?? {}) }),
  });
}

export type PayloadOf<D> = D extends EventDefinition<string, infer P> ? P : never;
export type EnvelopeOf<D> =
  D extends EventDefinition<infer T, infer P> ? EventEnvelope<T, P> : never;
