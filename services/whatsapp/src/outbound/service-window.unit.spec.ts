import { describe, expect, it } from '@jest/globals';
import {
  SERVICE_WINDOW_MS,
  TEMPLATE_PARAMETER_MAX_CHARS,
  templateMessage,
  windowOpen,
} from './service-window.js';

const template = { name: 'support_reply', languages: ['en_US', 'ar'] };

describe("the customer's 24-hour window", () => {
  it('is open until 24 hours after their last message', () => {
    const last = new Date('2026-12-01T10:00:00Z');
    expect(windowOpen(last, new Date(last.getTime() + SERVICE_WINDOW_MS - 1))).toBe(true);
    expect(windowOpen(last, new Date(last.getTime() + SERVICE_WINDOW_MS))).toBe(false);
  });

  it('sends the template with the text on one line, in the language of the reply', () => {
    const en = templateMessage(template, 'Hi!\n\nYour refund\tleft today.      Thanks', 'en');
    expect(en.language).toBe('en_US');
    expect(en.cut).toBe(false);
    expect(en.message).toEqual({
      type: 'template',
      template: {
        name: 'support_reply',
        language: { code: 'en_US' },
        components: [
          {
            type: 'body',
            parameters: [{ type: 'text', text: 'Hi! Your refund left today. Thanks' }],
          },
        ],
      },
    });
    expect(templateMessage(template, 'تم إرسال المبلغ', 'ar').language).toBe('ar');
    expect(templateMessage(template, 'تم إرسال المبلغ', 'mixed').language).toBe('ar');
    expect(templateMessage({ name: 't', languages: ['fr'] }, 'x', 'en').language).toBe('fr');
  });

  it('cuts a long text at a word and marks the cut', () => {
    const long = 'word '.repeat(400);
    const { message, cut } = templateMessage(template, long, 'en');
    const text =
      message.type === 'template' ? message.template.components[0]!.parameters[0]!.text : '';
    expect(cut).toBe(true);
    expect(text.length).toBeLessThanOrEqual(TEMPLATE_PARAMETER_MAX_CHARS);
    expect(text.endsWith('word…')).toBe(true);
  });
});
