import { describe, expect, it } from '@jest/globals';
import { messageOf, withMessage } from './with-message.js';

describe('withMessage', () => {
  it('keeps an error that says what went wrong', () => {
    const error = new Error('NATS is not reachable');
    expect(withMessage(error, 'starting')).toBe(error);
  });

  it.each([
    [undefined, 'starting failed: it failed without giving a reason'],
    [new Error(''), 'starting failed: Error'],
    [Object.assign(new Error(''), { code: 'ECONNREFUSED' }), 'starting failed: Error ECONNREFUSED'],
    [
      new AggregateError([
        new Error('connect ECONNREFUSED ::1:5432'),
        new Error('connect ECONNREFUSED 127.0.0.1:5432'),
      ]),
      'starting failed: connect ECONNREFUSED ::1:5432; connect ECONNREFUSED 127.0.0.1:5432',
    ],
    ['plain text', 'starting failed: plain text'],
  ])('gives %p a message', (thrown, message) => {
    const error = withMessage(thrown, 'starting');
    expect(error.message).toBe(message);
    expect(error.cause).toBe(thrown);
  });

  it('never answers with an empty reason', () => {
    expect(messageOf('')).toBe('it failed without giving a reason');
  });
});
