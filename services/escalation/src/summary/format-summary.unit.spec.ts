import { describe, expect, it } from '@jest/globals';
import type { EscalationRaisedPayload } from '@support/contracts';
import { escapeMrkdwn, formatCustomerMessage, formatThreadSummary } from './format-summary.js';

const escalation: EscalationRaisedPayload = {
  escalationId: '6f1c6a8e-3b7a-4f3e-9d55-2c1d6b1f7a10',
  customerId: 'cust-<42>',
  reason: 'below_score_floor',
  group: 'avoidable',
  language: 'mixed',
  question: 'Where is order #A&B? <@U123> <!channel>',
  transcript: [
    { role: 'customer', text: 'hi <b>there</b>\nsecond line', at: '2025-01-01T10:00:00.000Z' },
    { role: 'agent', text: 'Sorry, connecting you', at: '2025-01-01T10:00:01.000Z' },
  ],
  chunks: [
    { chunkId: 'returns-policy#2', score: 0.1234 },
    { chunkId: 'delivery-times#1', score: 0.05 },
  ],
  ordersMentioned: ['ORD-1001', 'ORD<2>'],
};

describe('escapeMrkdwn', () => {
  it('escapes exactly &, < and >', () => {
    expect(escapeMrkdwn('a & b <@U1> > c *bold*')).toBe('a &amp; b &lt;@U1&gt; &gt; c *bold*');
  });

  it('shows a bidirectional control as its code point, never applied', () => {
    expect(formatCustomerMessage('refund order \u202e1001-DRO', 0)).toBe(
      '*Customer:*\n> refund order [U+202E]1001-DRO',
    );
  });

  it('escapes & first, so an existing entity is not unescaped', () => {
    expect(escapeMrkdwn('&lt;')).toBe('&amp;lt;');
  });
});

describe('formatThreadSummary', () => {
  const text = formatThreadSummary('conv-1', escalation);

  it('carries reason, group, language, customer, orders, question and chunks with scores', () => {
    expect(text).toContain('*Reason:* below_score_floor (avoidable)');
    expect(text).toContain('*Language:* mixed');
    expect(text).toContain('*Customer:* cust-&lt;42&gt;');
    expect(text).toContain('`ORD-1001`, `ORD&lt;2&gt;`');
    expect(text).toContain('> Where is order #A&amp;B? &lt;@U123&gt; &lt;!channel&gt;');
    expect(text).toContain('`returns-policy#2` score 0.123');
    expect(text).toContain('`delivery-times#1` score 0.050');
  });

  it('follows the summary with the transcript, each line quoted and escaped', () => {
    expect(text.indexOf('*Transcript:*')).toBeGreaterThan(text.indexOf('*Question:*'));
    expect(text).toContain('> hi &lt;b&gt;there&lt;/b&gt;\n> second line');
    expect(text).toContain('*Agent*');
  });

  it('leaves no raw user-supplied < or > (no mentions, links or broadcasts)', () => {
    expect(text).not.toMatch(/<[@!#]/);
    expect(text).not.toContain('<b>');
  });

  it('says so when retrieval chose no chunks and no orders were mentioned', () => {
    const bare = formatThreadSummary('c', { ...escalation, chunks: [], ordersMentioned: [] });
    expect(bare).toContain('*Orders mentioned:* none');
    expect(bare).toContain('none (no chunks were chosen)');
  });
});

describe('formatCustomerMessage', () => {
  it('escapes and notes attachments', () => {
    expect(formatCustomerMessage('still <waiting> & sad', 1)).toBe(
      '*Customer:*\n> still &lt;waiting&gt; &amp; sad\n_(1 attachment(s), see the admin console)_',
    );
  });
});
