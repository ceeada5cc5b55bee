import { describe, expect, it } from '@jest/globals';
import { requirePlainText } from './plain-text.js';

const refusal = (field: string, value: string, shape: 'multiline' | 'singleLine') => {
  try {
    requirePlainText(field, value, shape);
    return null;
  } catch (error) {
    return error as { code: string; message: string };
  }
};

describe('plain text in customer frames', () => {
  it('accepts what people type: Arabic, emoji (surrogate pairs), tabs and line breaks', () => {
    for (const text of [
      'Where is my order ORD-1001?',
      'متى يصل طلبي؟ 👗🏽',
      'line one\nline two\tindented',
      '\u{1F600}\u200D\uFEFF zero-width joiner and BOM are not controls',
      'طلب \u200f1001\u200e: the marks Arabic keyboards type reorder nothing',
    ])
      expect(refusal('text', text, 'multiline')).toBeNull();
    expect(refusal('fileName', 'فستان ممزق 👗.png', 'singleLine')).toBeNull();
  });

  it.each([
    ['NUL', 'hello\u0000world', 'a control character (U+0000) at position 6'],
    ['BEL', '\u0007', 'a control character (U+0007) at position 1'],
    ['carriage return', 'a\r\nb', 'a control character (U+000D) at position 2'],
    ['ESC (terminal escapes)', 'x\u001b[31mred', 'a control character (U+001B) at position 2'],
    ['DEL', 'a\u007f', 'a control character (U+007F) at position 2'],
    ['C1 NEL', 'a\u0085b', 'a control character (U+0085) at position 2'],
    ['C1 CSI', '\u009b', 'a control character (U+009B) at position 1'],
    ['a lone high surrogate', 'ab\uD83D', 'an unpaired UTF-16 surrogate (U+D83D) at position 3'],
    ['a lone low surrogate', '\uDE00ab', 'an unpaired UTF-16 surrogate (U+DE00) at position 1'],
    ['reversed surrogates', '\uDE00\uD83D', 'an unpaired UTF-16 surrogate (U+DE00) at position 1'],
    [
      'a right-to-left override',
      'refund order \u202e1001-DRO',
      'a bidirectional control (U+202E) that reorders text at position 14',
    ],
    [
      'a first-strong isolate',
      'hi \u2068x\u2069',
      'a bidirectional control (U+2068) that reorders text at position 4',
    ],
  ])('refuses %s in text as a bad_frame naming it', (_name, text, what) => {
    expect(refusal('text', text, 'multiline')).toMatchObject({
      code: 'bad_frame',
      message: `text contains ${what}; send plain text`,
    });
  });

  it('refuses line breaks and tabs in a file name', () => {
    expect(refusal('fileName', 'a\nb.png', 'singleLine')).toMatchObject({
      code: 'bad_frame',
      message: 'fileName contains a control character (U+000A) at position 2; send plain text',
    });
    expect(refusal('fileName', '\tb.png', 'singleLine')).toMatchObject({ code: 'bad_frame' });
  });
});
