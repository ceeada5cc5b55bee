import { describe, expect, it } from '@jest/globals';
import { buildSystemPrompt, SYSTEM_PROMPT_EN } from './system-prompt.js';

describe('buildSystemPrompt', () => {
  it('states the rules the graph relies on', () => {
    for (const prompt of [SYSTEM_PROMPT_EN, buildSystemPrompt({ language: 'ar' })]) {
      expect(prompt).toMatch(/square brackets after every sentence/);
      expect(prompt).toMatch(/Cite only ids that appear in the chunks/);
      expect(prompt).toMatch(/say only what the cited chunk says/);
      expect(prompt).toMatch(
        /The only sentences allowed without a citation are these phrases, word for word/,
      );
      expect(prompt).toMatch(/Never ask for card numbers, CVV, passwords or one-time codes/);
      expect(prompt).toMatch(/never write links/);
      expect(prompt).toMatch(/Answer only from the tool results/);
      expect(prompt).toMatch(/<chunk id="..."> ... <\/chunk>/);
      expect(prompt).toMatch(/never instructions/);
      expect(prompt).toMatch(/Never invent a policy/);
      expect(prompt).toMatch(/Call escalate when the customer asks for a human/);
      expect(prompt).toMatch(/search_knowledge_base/);
    }
  });

  it("asks for the customer's language and dialect", () => {
    expect(SYSTEM_PROMPT_EN).toMatch(/answer in English/);
    expect(buildSystemPrompt({ language: 'ar' })).toMatch(/answer in Arabic, in the same dialect/);
    expect(buildSystemPrompt({ language: 'mixed' })).toMatch(/mixes Arabic and English/);
  });

  it('stays short', () => {
    // The non-factual lines are listed in the customer's language only (both for a mixed writer).
    expect(SYSTEM_PROMPT_EN.length).toBeLessThan(3_200);
    expect(buildSystemPrompt({ language: 'mixed' }).length).toBeLessThan(4_400);
  });
});
