import { describe, expect, it } from '@jest/globals';
import type { ChunkDto } from '@support/contracts';
import { afterChoice, clarifyOrHandoff } from '../turn-route/turn-route.js';
import {
  chosenSectionQuery,
  type ClarifyFacts,
  clarificationReply,
  decideClarification,
  DEFAULT_CLARIFY_SETTINGS,
  NONE_OPTION_ID,
  readChoice,
} from './clarification.js';
import { sectionTitleOf } from './section-title.js';

const chunk = (chunkId: string, title: string, text: string, score: number): ChunkDto => ({
  chunkId,
  docId: chunkId.slice(0, chunkId.indexOf('#')),
  title,
  lang: 'en',
  text,
  score,
});

const RETURNS_LEAD = chunk(
  'returns-retail#1',
  'Returns policy for retail orders',
  'Retail customers can return most items within 14 days of the delivery date.',
  0.3,
);
const EXCHANGE = chunk(
  'exchanges#2',
  'Size exchanges',
  'Exchanging for another size\n\nYou can exchange an item for another size once, free of charge.',
  0.28,
);
const DAMAGED = chunk(
  'damaged#3',
  'Damaged or wrong items',
  'Reporting a damaged item\n\nSend photos within 48 hours of delivery.',
  0.25,
);
const EXCHANGE_SAME_SECTION = { ...EXCHANGE, chunkId: 'exchanges#3', score: 0.27 };

const facts = (over: Partial<ClarifyFacts> = {}): ClarifyFacts => ({
  settings: DEFAULT_CLARIFY_SETTINGS,
  retrieval: {
    verdict: 'below_score_floor',
    chunks: [DAMAGED, RETURNS_LEAD, EXCHANGE],
    gate: { kind: 'lexical', floor: 0.4, topScore: 0.3, passed: false },
  },
  afterClarification: false,
  asksForHuman: false,
  orderQuestion: false,
  ...over,
});

describe('sectionTitleOf', () => {
  it("reads a headed chunk's heading, and a document lead by its title", () => {
    expect(sectionTitleOf(EXCHANGE)).toBe('Exchanging for another size');
    expect(sectionTitleOf(RETURNS_LEAD)).toBe('Returns policy for retail orders');
  });

  it('takes no sentence for a heading, and no over-long title', () => {
    const lead = chunk('a#1', 'x'.repeat(81), 'Short line.\n\nMore text here.', 0.3);
    expect(sectionTitleOf(lead)).toBeNull();
  });
});

describe('decideClarification', () => {
  it('offers the leading distinct sections, best first, when the gate failed near its floor', () => {
    const decision = decideClarification(facts());
    expect(decision).toEqual({
      clarify: true,
      options: [
        expect.objectContaining({ id: 'section:returns-retail#1', docId: 'returns-retail' }),
        expect.objectContaining({
          id: 'section:exchanges#2',
          title: 'Exchanging for another size',
        }),
        expect.objectContaining({ id: 'section:damaged#3', title: 'Reporting a damaged item' }),
      ],
    });
  });

  it('offers at most the configured number of sections', () => {
    const decision = decideClarification(
      facts({ settings: { ...DEFAULT_CLARIFY_SETTINGS, maxOptions: 2 } }),
    );
    expect(decision.clarify && decision.options.map((o) => o.docId)).toEqual([
      'returns-retail',
      'exchanges',
    ]);
  });

  it('does not ask when the leading chunks are one section', () => {
    const retrieval = { ...facts().retrieval, chunks: [EXCHANGE, EXCHANGE_SAME_SECTION] };
    expect(decideClarification(facts({ retrieval }))).toEqual({
      clarify: false,
      why: 'one_section',
    });
  });

  it('does not ask when retrieval found nothing near the floor (off-topic by the gate)', () => {
    const far = [RETURNS_LEAD, EXCHANGE].map((c) => ({ ...c, score: 0.1 }));
    const retrieval = { ...facts().retrieval, chunks: far };
    expect(decideClarification(facts({ retrieval }))).toEqual({
      clarify: false,
      why: 'off_topic',
    });
  });

  it('leaves out a section scored far under the floor', () => {
    const retrieval = {
      ...facts().retrieval,
      chunks: [RETURNS_LEAD, EXCHANGE, { ...DAMAGED, score: 0.05 }],
    };
    const decision = decideClarification(facts({ retrieval }));
    expect(decision.clarify && decision.options.map((o) => o.docId)).toEqual([
      'returns-retail',
      'exchanges',
    ]);
  });

  it.each([
    ['disabled', { settings: { ...DEFAULT_CLARIFY_SETTINGS, enabled: false } }],
    ['after_clarification', { afterClarification: true }],
    ['asks_for_human', { asksForHuman: true }],
    ['order_question', { orderQuestion: true }],
  ] as const)('does not ask when %s', (why, over) => {
    expect(decideClarification(facts(over))).toEqual({ clarify: false, why });
  });

  it('does not ask when the gate passed or retrieval was down', () => {
    for (const verdict of ['ok', 'retrieval_unavailable'] as const)
      expect(decideClarification(facts({ retrieval: { ...facts().retrieval, verdict } }))).toEqual({
        clarify: false,
        why: 'gate_passed',
      });
  });
});

describe('clarificationReply', () => {
  it('asks the fixed question with the titles and "none of these", in the language', () => {
    const decision = decideClarification(facts());
    if (!decision.clarify) throw new Error('expected a clarification');
    const en = clarificationReply(decision.options, 'en');
    expect(en.text).toMatch(/Which of these/);
    expect(en.options.map((o) => o.title)).toEqual([
      'Returns policy for retail orders',
      'Exchanging for another size',
      'Reporting a damaged item',
      'None of these: talk to a colleague',
    ]);
    const ar = clarificationReply(decision.options, 'ar');
    expect(ar.options.at(-1)).toEqual({ id: NONE_OPTION_ID, title: expect.stringMatching(/زميل/) });
    expect(ar.text).not.toBe(en.text);
  });
});

describe('a choice', () => {
  const decision = decideClarification(facts());
  const offered = decision.clarify ? decision.options : [];

  it('reads a section, "none", or an option never offered', () => {
    expect(readChoice('section:exchanges#2', offered)).toEqual({
      kind: 'section',
      option: offered[1],
    });
    expect(readChoice(NONE_OPTION_ID, offered)).toEqual({ kind: 'none' });
    expect(readChoice('section:other#1', offered)).toEqual({ kind: 'not_offered' });
    expect(readChoice(undefined, offered)).toEqual({ kind: 'not_offered' });
  });

  it('searches with the section heading before what the customer asked', () => {
    expect(chosenSectionQuery(offered[1]!, 'too tight, what now?')).toBe(
      'Exchanging for another size: too tight, what now?',
    );
  });

  it('"none" hands off below the floor; a section runs the model', () => {
    expect(afterChoice('none')).toEqual({ next: 'escalate', reason: 'below_score_floor' });
    expect(afterChoice('section')).toEqual({ next: 'model' });
  });
});

describe('clarifyOrHandoff', () => {
  const handoff = { next: 'escalate', reason: 'below_score_floor' } as const;
  it('turns a below-floor handoff into a question only when the decision says so', () => {
    expect(clarifyOrHandoff(handoff, () => decideClarification(facts()))).toEqual({
      next: 'clarify',
    });
    expect(
      clarifyOrHandoff(handoff, () => decideClarification(facts({ asksForHuman: true }))),
    ).toEqual(handoff);
  });

  it('leaves every other route alone', () => {
    const other = { next: 'escalate', reason: 'retrieval_unavailable' } as const;
    expect(clarifyOrHandoff(other, () => decideClarification(facts()))).toEqual(other);
    expect(clarifyOrHandoff({ next: 'model' }, () => decideClarification(facts()))).toEqual({
      next: 'model',
    });
  });
});
