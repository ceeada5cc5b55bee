import { describe, expect, it } from '@jest/globals';
import { HandlerFailures } from './handler-failures.js';

describe('HandlerFailures', () => {
  it('counts failures per message and starts over once the message is settled', () => {
    const failures = new HandlerFailures();
    expect(failures.record(7)).toBe(1);
    expect(failures.record(8)).toBe(1);
    expect(failures.record(7)).toBe(2);
    failures.forget(7);
    expect(failures.record(7)).toBe(1);
    expect(failures.record(8)).toBe(2);
  });

  it('drops the message that failed least recently when it holds too many', () => {
    const failures = new HandlerFailures(2);
    failures.record(1);
    failures.record(2);
    failures.record(1);
    failures.record(3);
    expect(failures.record(1)).toBe(3);
    expect(failures.record(2)).toBe(1);
  });
});
