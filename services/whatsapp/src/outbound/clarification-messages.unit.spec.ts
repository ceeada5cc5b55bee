import { describe, expect, it } from '@jest/globals';
import { CHANNEL_LABELS, clarificationReply, NONE_OPTION_ID } from '@support/policy';
import { numberedChoice } from '../inbound/customer-text.js';
import { planReply } from './reply-messages.js';

// The agent's clarifying question (the policy's own texts and option ids) as WhatsApp shows it,
// and the customer's answer read back as the choice.
const SECTIONS = {
  en: [
    { id: 'section:size-exchanges#2', title: 'Exchanging for another size' },
    { id: 'section:retail-returns#1', title: 'Returns' },
  ],
  ar: [
    { id: 'section:ar-size-exchanges#2', title: 'استبدال المقاس' },
    { id: 'section:ar-retail-returns#1', title: 'الإرجاع' },
  ],
} as const;

describe('a clarifying question on WhatsApp', () => {
  it.each(['en', 'ar'] as const)(
    'goes out as numbered options when they do not fit reply buttons (%s), and "2" or "٢" reads back',
    (language) => {
      const reply = clarificationReply(SECTIONS[language], language);
      const plan = planReply({ text: reply.text, language, citations: [], options: reply.options });
      // "None of these: talk to a colleague" is longer than a button title (20 characters).
      expect(plan.numberedOptions).toBe(true);
      expect(plan.messages).toHaveLength(1);
      const body = (plan.messages[0] as { text: { body: string } }).text.body;
      expect(body).toBe(
        [
          reply.text,
          reply.options.map((o, i) => `${i + 1}. ${o.title}`).join('\n'),
          CHANNEL_LABELS.replyWithNumber[language],
        ].join('\n\n'),
      );
      const offered = { conversationId: 'c', options: reply.options, numbered: true };
      expect(numberedChoice('2', offered)).toEqual(reply.options[1]);
      expect(numberedChoice('٣', offered)).toEqual({
        id: NONE_OPTION_ID,
        title: reply.options[2]!.title,
      });
    },
  );

  it('uses reply buttons when every option fits one', () => {
    const plan = planReply({
      text: 'Which is it about?',
      language: 'en',
      citations: [],
      options: [
        { id: 'section:a#1', title: 'Returns' },
        { id: NONE_OPTION_ID, title: 'None of these' },
      ],
    });
    expect(plan.numberedOptions).toBe(false);
    expect(plan.messages.at(-1)).toMatchObject({
      type: 'interactive',
      interactive: {
        action: { buttons: [{ reply: { id: 'section:a#1' } }, { reply: { id: 'none' } }] },
      },
    });
  });
});
