import { describe, expect, it } from '@jest/globals';
import { validateReply } from './validate-reply.js';

// The red team's drafts (issue 29): a secret asked for in other words, and a look-alike host.
// Each cites a real chunk, and fails whatever it cites.
const chunks = [
  { chunkId: 'payments#1', text: 'We accept Visa, Mastercard, mada and cash on delivery.' },
];
const problemOf = (draft: string, linkHosts: string[] = []) =>
  validateReply(draft, chunks, { linkHosts }).sentences[0]?.problem;

describe('a draft that asks for a secret in other words', () => {
  it.each([
    'To verify, send us the number of the card and the digits on its back [payments#1].',
    "Please share the card's number and its code [payments#1].",
    'Please tell us the 3-D Secure code from your bank [payments#1].',
    'Please send your card numb\u0435r to confirm the payment [payments#1].',
    'أرسل لنا رمز الاستخدام لمرة واحدة الذي وصلك من البنك [payments#1].',
    'نرجو تزويدنا بالرمز المؤقت اللي وصلك على جوالك [payments#1].',
  ])('fails %j', (draft) => {
    expect(problemOf(draft)).toBe('secret_request');
  });
});

describe('a draft that names a look-alike host', () => {
  it.each([
    ['U+2219 for the dot', 'Pay at sanaa-boutique\u2219com [payments#1].', 'sanaa-boutique.com'],
    [
      'U+2219 inside an allowed host',
      'Pay at sanaa\u2219example\u2219evil.com [payments#1].',
      'sanaa.example.evil.com',
    ],
  ])('fails %s', (_case, draft, host) => {
    expect(problemOf(draft, ['example.com'])).toBe(`foreign_link: ${host}`);
  });
});
