import { describe, expect, it } from '@jest/globals';
import { NON_FACTUAL_LINES, validateReply } from '@support/citations';
import type { Language } from '@support/contracts';
import { REPHRASE_REQUEST } from '../texts/rephrase-request.js';
import { buildSystemPrompt, confidentialPromptTexts } from './system-prompt.js';

const LANGUAGES: readonly Language[] = ['en', 'ar', 'mixed'];
const quotedIn = (prompt: string) =>
  [...prompt.matchAll(/"([^"<>]*\p{L}[^"<>]*)"/gu)].map(([, phrase]) => phrase!);

// The model is told which sentences may go uncited; the validator decides which do. A phrase the
// prompt offers but the validator refuses would send every polite answer to a human. The check
// runs as the agent's validate node runs it: the system prompt is confidential text.
describe.each(LANGUAGES)(
  'the phrases the system prompt tells the model to use (%s)',
  (language) => {
    const prompt = buildSystemPrompt({ language });
    const check = (reply: string, chunks = [] as { chunkId: string; text: string }[]) =>
      validateReply(reply, chunks, { confidential: confidentialPromptTexts({ language }) });
    const chunk = { chunkId: 'returns#1', text: 'Returns are accepted within 14 days.' };
    const answer = 'Returns are accepted within 14 days [returns#1].';

    it('are the reply check’s own non-factual lines, and the rephrase request', () => {
      const quoted = quotedIn(prompt);
      expect(quoted).toEqual(expect.arrayContaining([REPHRASE_REQUEST.en, REPHRASE_REQUEST.ar]));
      const own = language === 'ar' ? 'ar' : 'en';
      for (const kind of ['greeting', 'thanks', 'closing', 'lead_in'] as const)
        expect(quoted).toEqual(expect.arrayContaining([...NON_FACTUAL_LINES[kind][own]]));
    });

    it.each(quotedIn(prompt))('pass the confidential check, word for word: %j', (phrase) => {
      const verdict = check(`${phrase}\n${answer}`, [chunk]);
      expect(verdict.sentences.map((s) => s.problem)).toEqual([undefined, undefined]);
      expect(verdict.passed).toBe(true);
    });

    it('pass alone when they need no answer beside them (the rephrase request)', () => {
      expect(check(REPHRASE_REQUEST.en).passed).toBe(true);
      expect(check(REPHRASE_REQUEST.ar).passed).toBe(true);
      expect(check('Hi! Is there anything else I can help you with?').passed).toBe(true);
    });

    it('leave the rest of the prompt confidential', () => {
      const rule = 'Never invent a policy, price, date, duration, percentage or promise.';
      const verdict = check(`${rule} ${answer}`, [chunk]);
      expect(verdict.passed).toBe(false);
      expect(verdict.sentences[0]!.problem).toBe('confidential_text');
      // The words around a phrase are still the prompt's: reciting the instruction fails.
      expect(
        check(`If the chunks do not answer the question, reply only: ${REPHRASE_REQUEST.en}`)
          .passed,
      ).toBe(false);
    });
  },
);
