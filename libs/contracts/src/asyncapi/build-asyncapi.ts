import { defaultMetadataStorage } from 'class-transformer/cjs/storage.js';
import { getMetadataStorage } from 'class-validator';
import { validationMetadatasToSchemas } from 'class-validator-jsonschema';
import type { EventDefinition } from '../event-definition.js';
import { EXAMPLE_PAYLOADS } from '../examples.js';
import { ALL_EVENTS } from '../registry.js';
import { FITS_OUTCOME } from '../events/turn/turn-outcome.event.js';
import { classesWithPersonalFields } from '../personal/personal-field.js';
import { classesWithProviderMessageRefs } from '../personal/provider-message-ref.js';

const SCHEMA_REF = '#/components/schemas/';

/**
 * Marks each personal field `x-personal` (text or bytes) with the sealed format it must have, so
 * the document says which fields forgetting a customer erases.
 */
function markPersonalFields(schemas: Record<string, unknown>): void {
  for (const [cls, fields] of classesWithPersonalFields()) {
    const schema = schemas[cls.name] as { properties?: Record<string, Record<string, unknown>> };
    for (const [name, kind] of fields) {
      const property = schema?.properties?.[name];
      if (!property) continue;
      property['x-personal'] = kind;
      property.description =
        `Personal (${kind}): sealed under the customer's data key, ` +
        'pd1.<keyId>.<iv>.<tag>.<ciphertext> (base64url); opens as erased once the customer is forgotten.';
      // A list of personal values (`each: true`): each item is sealed.
      if (property.type === 'array') property.items = { type: 'string', pattern: '^pd[01]\\.' };
      else property.pattern = '^pd[01]\\.';
    }
  }
}

/**
 * Marks each field holding a channel's message id `x-provider-message-ref`: it carries the
 * reference (an HMAC under the master key), not the provider's id, which may encode the number.
 */
function markProviderMessageRefs(schemas: Record<string, unknown>): void {
  // What the wire carries; `wam0` exists only in memory, after an upcaster.
  const pattern = '^wam1\\.[A-Za-z0-9_-]{43}$';
  for (const [cls, fields] of classesWithProviderMessageRefs()) {
    const schema = schemas[cls.name] as { properties?: Record<string, Record<string, unknown>> };
    for (const name of fields) {
      const property = schema?.properties?.[name];
      if (!property) continue;
      property['x-provider-message-ref'] = true;
      property.description =
        "The reference to the provider's message id, wam1.<HMAC-SHA256 under the master key, " +
        "base64url>; never the provider's id itself (a WhatsApp wamid encodes the number).";
      if (property.type === 'array') property.items = { type: 'string', pattern };
      else property.pattern = pattern;
    }
  }
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value as object)
        .sort()
        .map((key) => [key, sortKeys((value as Record<string, unknown>)[key])]),
    );
  }
  return value;
}

/** Only the schemas reachable from the events, not every class-validator class in the process. */
function reachableSchemas(all: Record<string, unknown>, roots: string[]): Record<string, unknown> {
  const keep = new Set<string>();
  const visit = (name: string) => {
    if (keep.has(name) || !(name in all)) return;
    keep.add(name);
    for (const match of JSON.stringify(all[name]).matchAll(/#\/components\/schemas\/(\w+)/g))
      visit(match[1]!);
  };
  roots.forEach(visit);
  return Object.fromEntries([...keep].map((name) => [name, all[name]]));
}

function messageName(definition: EventDefinition): string {
  return definition.type
    .replace(/[._](\w)/g, (_, c: string) => c.toUpperCase())
    .replace(/^\w/, (c) => c.toUpperCase());
}

/**
 * The AsyncAPI 3 document of the stream, generated from the contract classes themselves, so the
 * document cannot describe a payload the code does not validate (a test compares it with the
 * committed `asyncapi.yaml`).
 */
export function buildAsyncApiDocument(
  definitions: readonly EventDefinition[] = ALL_EVENTS,
): Record<string, unknown> {
  const allSchemas = validationMetadatasToSchemas({
    classTransformerMetadataStorage: defaultMetadataStorage,
    classValidatorMetadataStorage: getMetadataStorage(),
    refPointerPrefix: SCHEMA_REF,
    // A check across fields (`turn.outcome`'s reason and group agree with its outcome) adds nothing
    // to a property's schema; unnamed here, the property's type would be guessed from decorator
    // metadata, which tsc and the test transpiler emit differently for a type alias.
    additionalConverters: { [FITS_OUTCOME]: {} },
  });
  markPersonalFields(allSchemas);
  markProviderMessageRefs(allSchemas);

  const channels: Record<string, unknown> = {};
  const operations: Record<string, unknown> = {};
  const messages: Record<string, unknown> = {};
  for (const definition of definitions) {
    const name = messageName(definition);
    messages[name] = {
      name: definition.type,
      title: name,
      summary: definition.summary,
      contentType: 'application/json',
      examples: [
        {
          name: 'example',
          payload: {
            id: '00000000-0000-4000-8000-000000000001',
            type: definition.type,
            version: definition.version,
            occurredAt: '2026-12-02T10:00:00.000Z',
            conversationId: 'conv-1',
            turnId: 'turn-1',
            causationId: null,
            correlationId: '00000000-0000-4000-8000-000000000002',
            payload: (EXAMPLE_PAYLOADS as Record<string, unknown>)[definition.type] ?? {},
          },
        },
      ],
      headers: {
        type: 'object',
        required: ['Nats-Msg-Id'],
        properties: {
          'Nats-Msg-Id': { type: 'string', description: 'The event id; JetStream dedupes on it.' },
        },
      },
      payload: {
        allOf: [
          { $ref: `${SCHEMA_REF}EventEnvelopeDto` },
          {
            type: 'object',
            properties: {
              type: { const: definition.type },
              version: { const: definition.version },
              payload: { $ref: `${SCHEMA_REF}${definition.payload.name}` },
            },
          },
        ],
      },
    };
    channels[definition.type] = {
      address: definition.subject,
      messages: { [name]: { $ref: `#/components/messages/${name}` } },
    };
    operations[`publish${name}`] = {
      action: 'send',
      channel: { $ref: `#/channels/${definition.type}` },
    };
  }

  return sortKeys({
    asyncapi: '3.0.0',
    info: {
      title: 'Support agent event stream',
      version: '1.0.0',
      description:
        'One JetStream stream (file storage) holds every event; subjects support.<aggregate>.<event>. ' +
        'Each message is an envelope (id, type, version, occurredAt, conversationId, turnId, causationId, ' +
        'correlationId, payload; synthetic: true on evaluation traffic and everything it causes, absent ' +
        'otherwise) validated on publish and on consume.',
    },
    defaultContentType: 'application/json',
    servers: {
      nats: { host: 'localhost:4222', protocol: 'nats', description: 'NATS with JetStream' },
    },
    channels,
    operations,
    components: {
      messages,
      schemas: reachableSchemas(allSchemas, [
        'EventEnvelopeDto',
        ...definitions.map((d) => d.payload.name),
      ]),
    },
  }) as Record<string, unknown>;
}
