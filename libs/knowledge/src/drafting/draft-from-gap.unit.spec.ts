import { describe, expect, it } from '@jest/globals';
import { groupGaps } from '../grouping/group-gaps.js';
import { question, uuid } from '../testing/gap-fixtures.js';
import { draftFromGap } from './draft-from-gap.js';
import { majorityLanguage } from './gap-language.js';

const GLOSSARY = [{ en: ['engraving', 'engrave'], ar: ['نقش', 'حفر'] }];

function gapOf(...questions: Parameters<typeof groupGaps>[0]) {
  const gaps = groupGaps(questions, [], GLOSSARY);
  expect(gaps).toHaveLength(1);
  return gaps[0]!;
}

describe('draftFromGap', () => {
  it('assembles the body from each distinct reply once; the questions are examples beside it, sealed', () => {
    const gap = gapOf(
      question(1, 'Can you engrave my ring?', {
        replies: ['Yes: engraving costs 5 BHD.', 'It takes two days.'],
      }),
      question(2, 'Can you  engrave my ring?', { replies: ['yes:  engraving costs 5 BHD. '] }),
      question(3, 'Do you engrave rings?', { replies: ['It takes two days.'] }),
    );
    const draft = draftFromGap(gap);
    expect(draft.body).toBe(['Yes: engraving costs 5 BHD.', '', 'It takes two days.'].join('\n'));
    expect(draft.examples).toEqual(['Can you engrave my ring?', 'Do you engrave rings?']);
    // What the event carries: each example and the title as its own escalation sealed it.
    const sealedOf = (n: number) => gap.questions.find((q) => q.escalationId === uuid(n))!;
    expect(draft.sealed).toEqual({
      title: sealedOf(1).sealedQuestion,
      examples: [sealedOf(1).sealedQuestion, sealedOf(3).sealedQuestion],
    });
    expect(draft.escalationIds).toEqual([uuid(1), uuid(2), uuid(3)]);
    expect(draft).toMatchObject({
      title: 'Can you engrave my ring?',
      lang: 'en',
      topic: 'product',
    });
  });

  it('keeps Markdown and markup in replies as the text they were written as', () => {
    const reply = '**Yes** <b>we do</b> <script>alert(1)</script> [link](javascript:x)';
    const draft = draftFromGap(
      gapOf(question(1, 'Can you engrave <i>my</i> ring?', { replies: [reply] })),
    );
    expect(draft.body).toBe(reply);
    expect(draft.title).toBe('Can you engrave <i>my</i> ring?');
  });

  it('titles and writes in the language most questions were asked in, mixed counting as Arabic', () => {
    const gap = gapOf(
      question(1, 'Can you engrave my ring?'),
      question(2, 'هل يمكن نقش الخاتم؟'),
      question(3, 'ممكن نقش الخاتم please؟', { language: 'mixed' }),
      question(4, 'هل يمكن نقش الخاتم؟'),
    );
    const draft = draftFromGap(gap);
    expect(draft.lang).toBe('ar');
    // The most common Arabic question.
    expect(draft.title).toBe('هل يمكن نقش الخاتم؟');
    expect(draft.sealed.title).toBe(
      gap.questions.find((q) => q.escalationId === uuid(2))!.sealedQuestion,
    );
  });

  it('breaks a language tie by the earliest question, and cuts long titles at a word', () => {
    expect(majorityLanguage(['ar', 'en'])).toBe('ar');
    expect(majorityLanguage(['en', 'mixed'])).toBe('en');
    const long = `Can you engrave ${'my very long ring name '.repeat(10)}?`;
    const draft = draftFromGap(gapOf(question(1, long)));
    expect(draft.title.length).toBeLessThanOrEqual(120);
    expect(draft.title.endsWith('…')).toBe(true);
    expect(long.startsWith(draft.title.slice(0, -1))).toBe(true);
  });
});
