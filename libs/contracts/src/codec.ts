import { ContractViolation, UnsupportedEventVersion } from './contract-error.js';
import { type EventEnvelope, EventEnvelopeDto, type EventMetadata } from './envelope.js';
import type { EnvelopeOf, EventDefinition, PayloadOf } from './event-definition.js';
import { eventRegistry, type EventRegistry } from './registry.js';
import { assertValidPlain } from './validation.js';
import { legacyPlainPath } from './personal/personal-field.js';
import { isLegacyProviderMessageId } from './personal/provider-message-ref.js';

/**
 * The JSON text each event built by {@link createEvent} had when it was validated. An event whose
 * text is still exactly that needs no second validation on its way to the wire; one changed since
 * (or never built here) is validated again.
 */
const validatedText = new WeakMap<object, string>();

/** Builds and validates an event of the current version. Throws ContractViolation naming the field. */
export function createEvent<D extends EventDefinition>(
  definition: D,
  payload: PayloadOf<D>,
  metadata: EventMetadata,
): EnvelopeOf<D> {
  const envelope = {
    id: metadata.id,
    type: definition.type,
    version: definition.version,
    occurredAt: metadata.occurredAt,
    conversationId: metadata.conversationId ?? null,
    turnId: metadata.turnId ?? null,
    causationId: metadata.causationId ?? null,
    correlationId: metadata.correlationId,
    // Written only when true, so live events stay byte-equal to those before the field existed.
    ...(metadata.synthetic === true ? { synthetic: true } : {}),
    payload: JSON.parse(JSON.stringify(payload)) as Record<string, unknown>,
  };
  assertValidPlain(EventEnvelopeDto, envelope, { prefix: '', eventType: definition.type });
  assertValidPlain(definition.payload, envelope.payload, {
    prefix: 'payload',
    eventType: definition.type,
  });
  refuseLegacyPlain(envelope.payload, definition.type);
  validatedText.set(envelope, JSON.stringify(envelope));
  return envelope as unknown as EnvelopeOf<D>;
}

const utf8 = new TextEncoder();

export function encodeEvent(envelope: EventEnvelope): Uint8Array {
  return utf8.encode(JSON.stringify(envelope));
}

/**
 * The wire bytes of an event, validated as a consumer's {@link decodeEvent} would: an event built
 * by {@link createEvent} and unchanged since (the same JSON text) was validated then, and is not
 * validated twice; any other is decoded from its text with the consumers' decoder. Throws what
 * `decodeEvent` throws.
 */
export function encodeValidEvent(
  envelope: EventEnvelope,
  registry: EventRegistry = eventRegistry,
): Uint8Array {
  const text = JSON.stringify(envelope);
  if (validatedText.get(envelope) !== text || !registry.get(envelope.type)) {
    const current = decodeEvent(text, registry);
    // An old version would be upcast on the way in: its plaintext would pass as an old event's.
    if (envelope.version !== current.version)
      throw new ContractViolation(
        `Invalid ${envelope.type}: version ${envelope.version} may be read, not published (current: ${current.version})`,
        'version',
        envelope.type,
      );
    refuseLegacyPlain(envelope.payload, envelope.type);
  }
  return utf8.encode(text);
}

/** An old event's plaintext or provider id, as its upcaster wrapped it, may be read but never published again. */
function refuseLegacyPlain(payload: unknown, eventType: string): void {
  const path = legacyPlainPath(payload);
  if (path)
    throw new ContractViolation(
      `Invalid ${eventType}: ${path}: an upcast plaintext (pd0) may not be published; seal it`,
      path,
      eventType,
    );
  const idPath = legacyPlainPath(payload, 'payload', isLegacyProviderMessageId);
  if (idPath)
    throw new ContractViolation(
      `Invalid ${eventType}: ${idPath}: an upcast provider message id (wam0) may not be published; publish its reference`,
      idPath,
      eventType,
    );
}

/**
 * Parses, validates and upcasts an event from the wire. Handlers only ever see the current shape.
 * Throws ContractViolation (bad JSON, envelope or payload; unknown type) or UnsupportedEventVersion.
 */
export function decodeEvent(
  data: Uint8Array | string,
  registry: EventRegistry = eventRegistry,
): EventEnvelope {
  let plain: unknown;
  try {
    plain = JSON.parse(
      typeof data === 'string' ? data : new TextDecoder('utf-8', { fatal: true }).decode(data),
    );
  } catch (error) {
    throw new ContractViolation(
      `Event is not valid UTF-8 JSON: ${(error as Error).message}`,
      null,
      null,
    );
  }
  assertValidPlain(EventEnvelopeDto, plain, { prefix: '', eventType: null });
  const envelope = plain as EventEnvelope;
  const definition = registry.get(envelope.type);
  if (!definition)
    throw new ContractViolation(`Unknown event type "${envelope.type}"`, 'type', envelope.type);

  let payload = envelope.payload as Record<string, unknown>;
  if (envelope.version > definition.version)
    throw new UnsupportedEventVersion(envelope.type, envelope.version);
  for (let version = envelope.version; version < definition.version; version++) {
    const upcast = definition.upcasters[version];
    if (!upcast) throw new UnsupportedEventVersion(envelope.type, envelope.version);
    payload = upcast(payload);
  }
  assertValidPlain(definition.payload, payload, {
    prefix: 'payload',
    eventType: definition.type,
  });
  return { ...envelope, version: definition.version, payload };
}

export function isEvent<D extends EventDefinition>(
  envelope: EventEnvelope,
  definition: D,
): envelope is EnvelopeOf<D> {
  return envelope.type === definition.type;
}
