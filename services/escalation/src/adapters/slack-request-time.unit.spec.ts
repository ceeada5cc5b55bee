import { describe, expect, it } from '@jest/globals';
import { slackRequestFromTheFuture } from './slack-request-time.js';

describe('slackRequestFromTheFuture', () => {
  const nowMs = Date.parse('2026-12-05T10:00:00Z');
  const now = nowMs / 1000;

  it('refuses a timestamp more than five minutes ahead', () => {
    expect(slackRequestFromTheFuture(String(now + 3600), nowMs)).toBe(true);
    expect(slackRequestFromTheFuture(String(now + 301), nowMs)).toBe(true);
    expect(slackRequestFromTheFuture([String(now + 3600)], nowMs)).toBe(true);
  });

  it('leaves the rest to Bolt: within the window, old, missing or malformed', () => {
    for (const header of [String(now), String(now + 300), String(now - 3600), undefined, 'soon'])
      expect([header, slackRequestFromTheFuture(header, nowMs)]).toEqual([header, false]);
  });
});
