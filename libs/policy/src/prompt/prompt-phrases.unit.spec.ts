import { describe, expect, it } from '@jest/globals';
import { validateReply } from '@support/citations';
import { REPHRASE_REQUEST } from '../texts/rephrase-request.js';
import { buildSystemPrompt } from './system-prompt.js';

// The model is told which sentences may go uncited; the validator decides which do. A phrase the
// prompt offers but the validator refuses would send every polite answer to a human.
describe('the phrases the chat model is told to use without a citation', () => {
  const quoted = [
    ...buildSystemPrompt({ language: 'en' }).matchAll(/"([^"<>]*\p{L}[^"<>]*)"/gu),
  ].map(([, phrase]) => phrase!);

  it('are quoted in the system prompt', () => {
    expect(quoted).toEqual(
      expect.arrayContaining(['Hi!', 'مرحباً!', REPHRASE_REQUEST.en, REPHRASE_REQUEST.ar]),
    );
  });

  it.each([...new Set([...quoted, REPHRASE_REQUEST.en, REPHRASE_REQUEST.ar])])(
    'pass validation with no chunk at all: %j',
    (phrase) => {
      expect(validateReply(phrase, []).passed).toBe(true);
    },
  );
});
