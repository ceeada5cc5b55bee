import { describe, expect, it } from '@jest/globals';
import sharp from 'sharp';
import { checkImage } from './image-check.js';
import { containerProblem } from './image-container.js';

const picture = () => sharp({ create: { width: 4, height: 3, channels: 3, background: '#c33' } });
const HTML = Buffer.from('<html><script>alert(document.cookie)</script></html>');
const ZIP = Buffer.from('PK\u0003\u0004\u0014\u0000\u0000\u0000\u0008\u0000payload.html', 'latin1');

function riff(payload: Buffer): Buffer {
  const size = Buffer.alloc(4);
  size.writeUInt32LE(4 + payload.length);
  return Buffer.concat([Buffer.from('RIFF'), size, Buffer.from('WEBP'), payload]);
}

async function refusal(bytes: Buffer, type: 'image/png' | 'image/jpeg' | 'image/webp') {
  return checkImage(bytes, type).then(
    () => 'accepted',
    (error: { code: string; message: string }) => `${error.code}: ${error.message}`,
  );
}

describe('checkImage', () => {
  it('accepts whole PNG, JPEG and WebP pictures of the declared type', async () => {
    await expect(
      checkImage(await picture().png().toBuffer(), 'image/png'),
    ).resolves.toBeUndefined();
    await expect(
      checkImage(await picture().jpeg().toBuffer(), 'image/jpeg'),
    ).resolves.toBeUndefined();
    await expect(
      checkImage(await picture().webp().toBuffer(), 'image/webp'),
    ).resolves.toBeUndefined();
  });

  it('refuses the PNG signature alone, or followed by HTML', async () => {
    const png = await picture().png().toBuffer();
    const signature = png.subarray(0, 8);
    expect(await refusal(signature, 'image/png')).toMatch(/^image_refused: .*no IEND chunk/);
    expect(await refusal(Buffer.concat([signature, HTML]), 'image/png')).toMatch(
      /^image_refused: .*no valid type/,
    );
    expect(await refusal(Buffer.concat([png, HTML]), 'image/png')).toMatch(
      /^image_refused: .*52 bytes follow the PNG's end/,
    );
  });

  it('refuses a WebP header over zip bytes, whether or not its size tells the truth', async () => {
    const lying = Buffer.concat([riff(Buffer.from('VP8 ')), ZIP]);
    expect(await refusal(lying, 'image/webp')).toMatch(/follow the WebP's RIFF data/);
    const consistent = riff(Buffer.concat([Buffer.from('VP8 '), ZIP]));
    expect(await refusal(consistent, 'image/webp')).toMatch(/^image_refused: .*does not decode/);
    const webp = await picture().webp().toBuffer();
    expect(await refusal(Buffer.concat([webp, ZIP]), 'image/webp')).toMatch(/follow the WebP/);
  });

  it('refuses a JPEG with bytes after its image, a truncated one, and a corrupt PNG', async () => {
    const jpeg = await picture().jpeg().toBuffer();
    expect(await refusal(Buffer.concat([jpeg, ZIP]), 'image/jpeg')).toMatch(/end-of-image/);
    expect(await refusal(jpeg.subarray(0, jpeg.length - 40), 'image/jpeg')).toMatch(
      /image_refused/,
    );
    const png = Buffer.from(await picture().png().toBuffer());
    png[29] = png[29]! ^ 0xff; // inside IHDR: its CRC no longer matches
    expect(await refusal(png, 'image/png')).toMatch(/does not decode: .*CRC/);
  });

  it('refuses a picture declared as another type, and a decompression bomb by its header', async () => {
    const png = await picture().png().toBuffer();
    expect(await refusal(png, 'image/jpeg')).toMatch(
      /declared image\/jpeg but its bytes are image\/png/,
    );
    const bomb = await sharp({
      create: { width: 10_000, height: 5_000, channels: 3, background: '#000' },
    })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(bomb.length).toBeLessThan(512 * 1024);
    expect(await refusal(bomb, 'image/png')).toMatch(/does not decode: .*pixel limit/i);
  });
});

describe('containerProblem', () => {
  it('reads where a PNG, a WebP and a JPEG end', async () => {
    expect(containerProblem(await picture().png().toBuffer(), 'image/png')).toBeNull();
    expect(containerProblem(await picture().webp().toBuffer(), 'image/webp')).toBeNull();
    expect(containerProblem(await picture().jpeg().toBuffer(), 'image/jpeg')).toBeNull();
  });
});
