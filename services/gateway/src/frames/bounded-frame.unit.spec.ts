import { describe, expect, it } from '@jest/globals';
import { AppError } from '@support/platform/pure';
import { CLIENT_FRAME_BOUNDS } from '../chat/client-frames.js';
import { type FrameBounds, parseWithinShape, readBoundedFrame } from './bounded-frame.js';

const BOUNDS: FrameBounds = {
  maxDepth: 2,
  maxKeys: 4,
  maxCharsByType: { message: 100, hello: 50 },
};

function refusal(raw: string, bounds = BOUNDS): { code: string; message: string } {
  try {
    readBoundedFrame(raw, bounds);
  } catch (error) {
    if (error instanceof AppError) return { code: error.code, message: error.message };
    throw error;
  }
  throw new Error(`accepted ${raw.slice(0, 80)}`);
}

describe('readBoundedFrame', () => {
  it('parses a frame within its bounds', () => {
    expect(readBoundedFrame('{"type":"message","text":"a:b,{c}[d]"}', BOUNDS)).toEqual({
      type: 'message',
      plain: { type: 'message', text: 'a:b,{c}[d]' },
    });
    expect(readBoundedFrame(' { "text" : "\\"x\\"" , "type" : "hello" } ', BOUNDS).type).toBe(
      'hello',
    );
    expect(readBoundedFrame('{"type":"message","f":{"a":1}}', BOUNDS).plain).toEqual({
      type: 'message',
      f: { a: 1 },
    });
  });

  it('refuses nesting past the bound before parsing, however deep it goes', () => {
    const deep = `{"type":"message","a":${'['.repeat(400_000)}${']'.repeat(400_000)}}`;
    expect(refusal(deep)).toEqual({ code: 'bad_frame', message: 'Frame is nested deeper than 2' });
    expect(refusal(`${'['.repeat(400_000)}${']'.repeat(400_000)}`, CLIENT_FRAME_BOUNDS)).toEqual({
      code: 'bad_frame',
      message: 'Frame must be one JSON object',
    });
    expect(
      parseWithinShape(`${'['.repeat(400_000)}${']'.repeat(400_000)}`, BOUNDS),
    ).toBeUndefined();
    expect(refusal('{"type":"message"} [1]').message).toBe('Frame must be one JSON object');
  });

  it('refuses more keys than the bound, counted at every depth', () => {
    const keys = Array.from({ length: 60_000 }, (_, i) => `"k${i}":1`).join(',');
    expect(refusal(`{"type":"message",${keys}}`)).toEqual({
      code: 'bad_frame',
      message: 'Frame has more than 4 keys',
    });
    expect(refusal('{"type":"message","f":{"a":1,"b":2,"c":3}}').code).toBe('bad_frame');
  });

  it.each(['toString', '__proto__', 'valueOf', 'constructor', 'hasOwnProperty', 'isPrototypeOf'])(
    'refuses the inherited name %s as a type',
    (type) => {
      const { code, message } = refusal(JSON.stringify({ type }), CLIENT_FRAME_BOUNDS);
      expect(code).toBe('bad_frame');
      expect(message).toContain(`Unknown frame type "${type}"`);
    },
  );

  it('refuses a frame with no type, a type that is no string, or anything but an object', () => {
    for (const raw of [
      '{}',
      '{"type":1}',
      '{"type":{"x":"message"}}',
      '["message"]',
      '"message"',
      'null',
      '{not json',
    ])
      expect(refusal(raw).code).toBe('bad_frame');
  });

  it('refuses a type given twice or written with escapes', () => {
    expect(refusal('{"type":"hello","type":"message"}').message).toMatch(/more than once/);
    expect(refusal('{"type":"hello","typ\\u0065":"message"}').message).toMatch(/plainly/);
    expect(refusal('{"typ\\u0065":"message"}').message).toMatch(/Unknown frame type null/);
  });

  it('bounds each type by its own size', () => {
    const hello = `{"type":"hello","x":"${'a'.repeat(40)}"}`;
    expect(refusal(hello)).toEqual({
      code: 'payload_too_large',
      message: `A frame of type hello is at most 50 characters; this one is ${hello.length}`,
    });
    expect(readBoundedFrame(`{"type":"message","x":"${'a'.repeat(30)}"}`, BOUNDS).type).toBe(
      'message',
    );
  });

  it('keeps invalid JSON within bounds a bad_frame', () => {
    expect(refusal('{"type":"message",}')).toEqual({
      code: 'bad_frame',
      message: 'Frame is not valid JSON',
    });
  });
});
