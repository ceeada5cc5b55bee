import { describe, expect, it } from '@jest/globals';
import { codeOf, policyOf } from '@support/platform/pure';
import { graphErrorOf, graphUnreachable, isWindowError, webhookErrorOf } from './graph-errors.js';

/** Graph's error body, as Meta's error-codes page gives its syntax. */
const body = (code: number, message: string, details?: string) => ({
  error: {
    message,
    type: 'OAuthException',
    code,
    error_data: { messaging_product: 'whatsapp', ...(details ? { details } : {}) },
    fbtrace_id: 'Az8or2yhqkZfEZ-_4Qn_Bam',
  },
});

describe('Graph API errors', () => {
  it('131047 is the closed window, refused for good (a template, not a retry)', () => {
    const error = graphErrorOf(
      400,
      body(131047, '(#131047) Re-engagement message', 'More than 24 hours…'),
    );
    expect([error.windowClosed, error.transient, error.codeText, error.details]).toEqual([
      true,
      false,
      '131047',
      'More than 24 hours…',
    ]);
    expect(policyOf(error).ack).toBe('nak');
    expect(isWindowError(webhookErrorOf({ code: 131047, title: 'Re-engagement message' }))).toBe(
      true,
    );
  });

  it.each([
    [503, 2, 'API service'],
    [400, 130429, 'Rate limit hit'],
    [400, 131056, 'pair rate limit hit'],
    [500, 131000, 'Something went wrong'],
    [400, 131016, 'Service unavailable'],
    [400, 80007, 'WABA rate limit'],
  ])('HTTP %s code %s (%s) waits out the outage, uncounted', (status, code, message) => {
    const error = graphErrorOf(status, body(code, message));
    expect([error.transient, codeOf(error), policyOf(error).ack]).toEqual([
      true,
      'dependency_unavailable',
      'wait',
    ]);
  });

  it.each([
    [400, 131026, 'Message undeliverable'],
    [400, 131051, 'Unsupported message type'],
    [404, 132001, 'Template does not exist'],
    [401, 190, 'Access token has expired'],
  ])('HTTP %s code %s (%s) is a refusal to record', (status, code, message) => {
    const error = graphErrorOf(status, body(code, message));
    expect([error.transient, error.windowClosed]).toEqual([false, false]);
  });

  it("an unreachable API, or a body that is not Graph's, is an outage or names the status", () => {
    expect(graphUnreachable(new Error('ECONNREFUSED')).transient).toBe(true);
    expect(graphErrorOf(502, '<html>Bad gateway</html>').transient).toBe(true);
    expect(graphErrorOf(400, null).codeText).toBe('400');
  });
});
