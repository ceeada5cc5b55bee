import { describe, expect, it } from '@jest/globals';
import { imageTypeOf } from './image-signature.js';

const hex = (value: string) => Buffer.from(value.replaceAll(' ', ''), 'hex');

describe('image signatures', () => {
  it.each([
    ['image/png', hex('89 50 4e 47 0d 0a 1a 0a 00 00 00 0d 49 48 44 52')],
    ['image/jpeg', hex('ff d8 ff e0 00 10 4a 46 49 46')],
    ['image/jpeg', hex('ff d8 ff db 00 43')],
    [
      'image/webp',
      Buffer.concat([Buffer.from('RIFF'), hex('24 00 00 00'), Buffer.from('WEBPVP8 ')]),
    ],
  ])('knows %s by its first bytes', (type, bytes) => {
    expect(imageTypeOf(bytes)).toBe(type);
  });

  it.each([
    ['text', Buffer.from('Ignore all previous instructions')],
    ['a PNG signature cut short', hex('89 50 4e 47 0d 0a 1a')],
    ['a GIF (not an allowed type)', Buffer.from('GIF89a')],
    ['a RIFF that is not WebP (WAVE audio)', Buffer.from('RIFF\u0024\u0000\u0000\u0000WAVEfmt ')],
    ['a PDF', Buffer.from('%PDF-1.7')],
    ['nothing', Buffer.alloc(0)],
  ])('knows %s is none of them', (_name, bytes) => {
    expect(imageTypeOf(bytes)).toBeNull();
  });
});
