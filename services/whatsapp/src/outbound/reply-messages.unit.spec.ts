import { describe, expect, it } from '@jest/globals';
import { CHANNEL_LABELS } from '@support/policy';
import { planReply, splitAtSentences, withSources } from './reply-messages.js';

const returns = { chunkId: 'returns-retail#2', docId: 'returns-retail', title: 'Returns' };
const returns3 = { chunkId: 'returns-retail#3', docId: 'returns-retail', title: 'Returns' };
const fees = { chunkId: 'fees#1', docId: 'fees', title: 'Delivery fees' };

describe('a reply as WhatsApp messages', () => {
  it('numbers the sources by document, first cited first, and lists them after the text', () => {
    const text =
      'Returns are free within 14 days [returns-retail#2]. Delivery costs 25 SAR [fees#1]. Refunds take 5 days [returns-retail#3, fees#1].';
    expect(withSources(text, [returns, fees, returns3], 'en')).toBe(
      'Returns are free within 14 days [1]. Delivery costs 25 SAR [2]. Refunds take 5 days [1, 2].' +
        `\n\n${CHANNEL_LABELS.sources.en}\n1. Returns\n2. Delivery fees`,
    );
    expect(withSources('الإرجاع مجاني خلال 14 يوماً [returns-retail#2].', [returns], 'ar')).toBe(
      `الإرجاع مجاني خلال 14 يوماً [1].\n\n${CHANNEL_LABELS.sources.ar}\n1. Returns`,
    );
    expect(withSources('A colleague will reply here.', [], 'en')).toBe(
      'A colleague will reply here.',
    );
  });

  it('splits at line and sentence ends under the limit, losing nothing', () => {
    const sentences = Array.from({ length: 40 }, (_, i) => `Sentence number ${i + 1} is here.`);
    const text = `${sentences.slice(0, 20).join(' ')}\n${sentences.slice(20).join(' ')}`;
    const parts = splitAtSentences(text, 200);
    expect(parts.every((p) => p.length <= 200)).toBe(true);
    expect(parts.every((p) => p.endsWith('here.'))).toBe(true);
    expect(parts.join(' ').replace(/\s+/g, ' ')).toBe(text.replace(/\s+/g, ' '));
    expect(splitAtSentences('short', 200)).toEqual(['short']);
    const word = 'x'.repeat(450);
    expect(splitAtSentences(word, 200).map((p) => p.length)).toEqual([200, 200, 50]);
  });

  it('puts up to three short options on reply buttons, riding on the last part', () => {
    const plan = planReply({
      text: 'Which is it about?',
      language: 'en',
      citations: [],
      options: [
        { id: 'r', title: 'Returns' },
        { id: 'x', title: 'None of these' },
      ],
    });
    expect(plan.numberedOptions).toBe(false);
    expect(plan.messages).toEqual([
      {
        type: 'interactive',
        interactive: {
          type: 'button',
          body: { text: 'Which is it about?' },
          action: {
            buttons: [
              { type: 'reply', reply: { id: 'r', title: 'Returns' } },
              { type: 'reply', reply: { id: 'x', title: 'None of these' } },
            ],
          },
        },
      },
    ]);
  });

  it('numbers four options, or titles too long for a button, in the text', () => {
    const options = ['Returns', 'Exchanges', 'Sizes', 'Payments'].map((t) => ({ id: t, title: t }));
    const plan = planReply({ text: 'Which?', language: 'ar', citations: [], options });
    expect(plan.numberedOptions).toBe(true);
    expect(plan.messages).toEqual([
      {
        type: 'text',
        text: {
          body: `Which?\n\n1. Returns\n2. Exchanges\n3. Sizes\n4. Payments\n\n${CHANNEL_LABELS.replyWithNumber.ar}`,
          preview_url: false,
        },
      },
    ]);
    const long = planReply({
      text: 'Which?',
      language: 'en',
      citations: [],
      options: [{ id: 'a', title: 'Returns of altered and tailored items' }],
    });
    expect(long.numberedOptions).toBe(true);
  });

  it("sends a text too long to be the buttons' body first, then the buttons with a short prompt", () => {
    const text = 'A sentence that goes on. '.repeat(60).trim();
    const plan = planReply({
      text,
      language: 'en',
      citations: [],
      options: [{ id: 'a', title: 'Yes' }],
    });
    expect(plan.messages.map((m) => m.type)).toEqual(['text', 'interactive']);
    expect(plan.messages[1]).toMatchObject({
      interactive: { body: { text: CHANNEL_LABELS.chooseOne.en } },
    });
  });
});
