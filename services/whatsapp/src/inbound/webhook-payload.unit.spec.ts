import { describe, expect, it } from '@jest/globals';
import {
  audioMessage,
  buttonReply,
  imageMessage,
  messagesChange,
  reactionMessage,
  RE_ENGAGEMENT_ERROR,
  status,
  statusesChange,
  textMessage,
  webhookDelivery,
} from '../testing/webhook-fixtures.js';
import { readWebhookBatch } from './webhook-payload.js';

const at = 1749416383;
const sara = { from: '966500000001', id: 'wamid.1', timestamp: at };
const ali = { from: '971500000002', id: 'wamid.5', timestamp: at + 5 };

describe('reading a webhook delivery', () => {
  it('reads every entry, change, message and status of a batch, in order', () => {
    const batch = readWebhookBatch(
      webhookDelivery(
        [
          messagesChange(
            sara,
            textMessage(sara, 'Does it come in another color?'),
            imageMessage(
              { ...sara, id: 'wamid.2' },
              { id: '777', mimeType: 'image/jpeg', sha256: 'abc', caption: 'torn' },
            ),
            buttonReply(
              { ...sara, id: 'wamid.3' },
              { id: 'opt-1', title: 'Returns', contextId: 'wamid.Q' },
            ),
          ),
          statusesChange(
            status('wamid.OUT1', 'read', { recipient: sara.from, timestamp: at + 9 }),
            status('wamid.OUT2', 'failed', {
              recipient: sara.from,
              timestamp: at + 9,
              error: RE_ENGAGEMENT_ERROR,
            }),
          ),
        ],
        [
          messagesChange(
            ali,
            audioMessage(ali, '888'),
            reactionMessage({ ...ali, id: 'wamid.6' }, 'wamid.5'),
          ),
        ],
      ),
    );
    expect(batch.messages.map((m) => [m.waId, m.providerMessageId, m.content])).toEqual([
      [sara.from, 'wamid.1', { kind: 'text', text: 'Does it come in another color?' }],
      [
        sara.from,
        'wamid.2',
        { kind: 'image', mediaId: '777', mimeType: 'image/jpeg', caption: 'torn' },
      ],
      [sara.from, 'wamid.3', { kind: 'choice', optionId: 'opt-1', title: 'Returns' }],
      [ali.from, 'wamid.5', { kind: 'unsupported', type: 'audio' }],
    ]);
    expect(batch.messages[0]!.sentAt).toBe(new Date(at * 1000).toISOString());
    expect(batch.messages[0]!.phoneNumberId).toBe('106540352242922');
    expect(batch.statuses.map((s) => [s.providerMessageId, s.status, s.errors])).toEqual([
      ['wamid.OUT1', 'read', []],
      [
        'wamid.OUT2',
        'failed',
        [{ code: '131047', title: 'Re-engagement message', details: RE_ENGAGEMENT_ERROR.details }],
      ],
    ]);
    expect(batch.ignored).toBe(1); // the reaction
    expect(batch.malformed).toEqual([]);
  });

  it('skips what it cannot read, naming it, without losing the rest', () => {
    const good = textMessage(sara, 'still read');
    const batch = readWebhookBatch(
      webhookDelivery([
        messagesChange(
          sara,
          { ...good, id: undefined },
          { ...good, from: '+966 5' },
          { ...good, id: 'wamid.ok' },
        ),
        { field: 'account_update', value: { event: 'VERIFIED_ACCOUNT' } },
        { field: 'messages', value: { messaging_product: 'whatsapp', statuses: [] } },
      ]),
    );
    expect(batch.messages.map((m) => m.providerMessageId)).toEqual(['wamid.ok']);
    expect(batch.malformed).toEqual([
      'a message without a usable id',
      'message wamid.1: "from" is not a WhatsApp id',
      'a change without metadata.phone_number_id',
    ]);
    expect(batch.ignored).toBe(1);
    expect(readWebhookBatch({ object: 'page', entry: [] }).malformed).toHaveLength(1);
  });
});
