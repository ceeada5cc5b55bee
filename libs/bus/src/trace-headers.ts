import {
  type Context,
  context,
  propagation,
  ROOT_CONTEXT,
  type TextMapGetter,
  type TextMapSetter,
} from '@opentelemetry/api';
import { Match, type MsgHdrs } from '@nats-io/nats-core';

/** Writes W3C trace-context fields (`traceparent`, `tracestate`) as NATS message headers. */
export const natsHeaderSetter: TextMapSetter<MsgHdrs> = {
  set: (carrier, key, value) => carrier.set(key, value),
};

/** Reads them back, whatever case a client on the way gave their names. */
export const natsHeaderGetter: TextMapGetter<MsgHdrs | undefined> = {
  keys: (carrier) => carrier?.keys() ?? [],
  get: (carrier, key) =>
    carrier?.has(key, Match.IgnoreCase) ? carrier.get(key, Match.IgnoreCase) : undefined,
};

/** Puts `from` (by default the active span's context) into `headers`. */
export function injectTraceContext(headers: MsgHdrs, from: Context = context.active()): void {
  propagation.inject(from, headers, natsHeaderSetter);
}

/**
 * The publisher's context carried by `headers`, over an empty one: what the consuming side was
 * doing before must not become the parent of this message's work.
 */
export function extractTraceContext(headers: MsgHdrs | undefined): Context {
  return propagation.extract(ROOT_CONTEXT, headers, natsHeaderGetter);
}
