import { describe, expect, it } from '@jest/globals';
import { buildAsyncApiDocument } from '../asyncapi/build-asyncapi.js';
import { createEvent, decodeEvent, encodeValidEvent } from '../codec.js';
import { EXAMPLE_PAYLOADS } from '../examples.js';
import { DeliveryUpdated } from '../events/channel/delivery-updated.event.js';
import { ReplyDelivered } from '../events/channel/reply-delivered.event.js';
import { ReplyFailed } from '../events/channel/reply-failed.event.js';
import { WhatsAppMessageAccepted } from '../events/whatsapp/message-accepted.event.js';
import {
  classesWithProviderMessageRefs,
  isProviderMessageRef,
  readLegacyProviderMessageId,
} from './provider-message-ref.js';

const metadata = {
  id: '00000000-0000-4000-8000-000000000011',
  occurredAt: '2026-12-05T10:00:00.000Z',
  conversationId: 'conv-1',
  turnId: null,
  causationId: null,
  correlationId: '00000000-0000-4000-8000-000000000012',
};
const wamid = 'wamid.HBgLMTY1MDM4Nzk0MzkVAgASGBQzQTRBNjU5OUFFRTAzODEwMTQ0RgA=';

/** Each event naming a provider's message, and where its example names it. */
const carriers = [
  { definition: WhatsAppMessageAccepted, field: 'providerMessageId', list: false },
  { definition: DeliveryUpdated, field: 'providerMessageId', list: false },
  { definition: ReplyFailed, field: 'providerMessageId', list: false },
  { definition: ReplyDelivered, field: 'providerMessageIds', list: true },
] as const;

describe('provider message references', () => {
  it.each(carriers)(
    '$definition.type refuses the provider’s own id on publish',
    ({ definition, field, list }) => {
      const example = EXAMPLE_PAYLOADS[definition.type] as Record<string, unknown>;
      expect(isProviderMessageRef(list ? (example[field] as string[])[0] : example[field])).toBe(
        true,
      );
      const withId = { ...example, [field]: list ? [wamid] : wamid };
      expect(() => createEvent(definition as never, withId as never, metadata)).toThrow(
        new RegExp(`payload\\.${field}.*never the id itself`),
      );
    },
  );

  it.each(carriers)(
    '$definition.type of the version before hands the old id on as wam0, never to be published again',
    ({ definition, field, list }) => {
      const example = EXAMPLE_PAYLOADS[definition.type] as Record<string, unknown>;
      const old = {
        ...metadata,
        type: definition.type,
        version: definition.version - 1,
        payload: { ...example, [field]: list ? [wamid] : wamid },
      };
      // The version before message_accepted's also had its text in plain: a sealed one is fine.
      const decoded = decodeEvent(JSON.stringify(old)).payload as Record<string, unknown>;
      const carried = list ? (decoded[field] as string[])[0]! : (decoded[field] as string);
      expect(readLegacyProviderMessageId(carried)).toBe(wamid);
      expect(() =>
        encodeValidEvent({ ...old, version: definition.version, payload: decoded }),
      ).toThrow(/upcast provider message id \(wam0\) may not be published/);
    },
  );

  it('are declared on exactly the fields that carry a provider’s message id', () => {
    const declared = [...classesWithProviderMessageRefs()]
      .flatMap(([cls, fields]) => [...fields].map((f) => `${cls.name}.${f}`))
      .sort();
    expect(declared).toEqual(
      carriers.map(({ definition, field }) => `${definition.payload.name}.${field}`).sort(),
    );
  });

  it('are marked in the AsyncAPI document with their format', () => {
    type Property = {
      'x-provider-message-ref'?: boolean;
      pattern?: string;
      items?: { pattern?: string };
    };
    const { schemas } = (
      buildAsyncApiDocument() as {
        components: { schemas: Record<string, { properties: Record<string, Property> }> };
      }
    ).components;
    const accepted = schemas.WhatsAppMessageAcceptedPayload!.properties.providerMessageId!;
    expect(accepted['x-provider-message-ref']).toBe(true);
    expect(accepted.pattern).toBe('^wam1\\.[A-Za-z0-9_-]{43}$');
    expect(schemas.ReplyDeliveredPayload!.properties.providerMessageIds!.items!.pattern).toBe(
      accepted.pattern,
    );
  });
});
