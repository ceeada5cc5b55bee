import { describe, expect, it } from '@jest/globals';
import { LABEL_TOPICS } from './topic-classifier.js';
import { parseTopicCues, shippedTopicCues } from './topic-cues.js';

const WEIGHTS = `
weights:
  customer: { value: 1, why: w }
  human: { value: 0.6, why: w }
  agent: { value: 0.3, why: w }
  recency: { value: 0.5, why: w }
  question: { value: 0.5, why: w }
`;
const withTopics = (topics: string) => parseTopicCues(`${WEIGHTS}topics:\n${topics}`);

describe('parseTopicCues', () => {
  it('analyses words as the transcript is analysed and names concepts with a tilde', () => {
    const { cues, weights } = withTopics(`
  delivery:
    concepts:
      - { concepts: [deliver], weight: 2, why: w }
    groups:
      - { group: places, weight: 1, why: w }
    words:
      - { weight: 1, why: w, en: [Delayed], ar: [متأخرة], arabizi: [wa9al] }
`);
    expect(weights.roles).toEqual({ customer: 1, human: 0.6, agent: 0.3 });
    expect(cues.map((cue) => [cue.source, cue.terms, cue.group ?? null])).toEqual([
      ['~deliver', ['~deliver'], null],
      ['places', [], 'places'],
      ['Delayed', ['delay'], null],
      ['متأخرة', ['متاخر'], null],
      ['wa9al', ['wa9al'], null],
    ]);
  });

  it.each([
    [
      'a word the shop concepts hold',
      `  delivery:\n    words:\n      - { weight: 1, why: w, en: [courier] }`,
      /"courier" is the shop concept ~deliver: name it under concepts/,
    ],
    [
      'an unknown concept',
      `  delivery:\n    concepts:\n      - { concepts: [teleport], weight: 1, why: w }`,
      /no shop concept "teleport"/,
    ],
    [
      'a word of stop words only',
      `  delivery:\n    words:\n      - { weight: 1, why: w, en: [on the way] }`,
      /"on the way" is only stop words/,
    ],
    [
      'a cue listed twice for a topic',
      `  delivery:\n    words:\n      - { weight: 1, why: w, en: [delay, delayed] }`,
      /"delayed" counts twice for delivery/,
    ],
    [
      'a weight without its reason',
      `  delivery:\n    words:\n      - { weight: 1, en: [late] }`,
      /`why` must say why/,
    ],
    [
      'an unknown topic',
      `  billing:\n    words:\n      - { weight: 1, why: w, en: [late] }`,
      /topics.billing: is no topic/,
    ],
    [
      'an unknown group',
      `  payments:\n    groups:\n      - { group: brands, weight: 1, why: w }`,
      /`group` must be one of payment-brands, places/,
    ],
  ])('refuses %s, naming the entry', (_name, topics, message) => {
    expect(() => withTopics(topics)).toThrow(message);
  });

  it('refuses weights without their reasons', () => {
    expect(() => parseTopicCues('weights:\n  customer: { value: 1 }\ntopics: {}')).toThrow(
      /weights.customer: `why` must say why/,
    );
  });

  it('ships a cue file that loads and gives every topic but other a cue', () => {
    const { cues } = shippedTopicCues();
    for (const topic of LABEL_TOPICS) expect(cues.some((cue) => cue.topic === topic)).toBe(true);
  });
});
