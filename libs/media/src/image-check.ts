import { ATTACHMENT_MIME_TYPES, type ImageMimeType, imageTypeOf } from '@support/contracts';
import sharp from 'sharp';
import { containerProblem } from './image-container.js';

/** The largest picture decoded: a phone photo is ~12 MP; a 512 KiB file claiming more is a bomb. */
export const MAX_IMAGE_PIXELS = 40_000_000;
const FORMAT_OF: Record<ImageMimeType, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpeg',
  'image/webp': 'webp',
};

/** Bytes that are not a whole, clean image of their declared type; each channel says so its way. */
export class ImageRefused extends Error {
  readonly code = 'image_refused';
  constructor(message: string) {
    super(message);
    this.name = 'ImageRefused';
  }
}

function refuse(declared: ImageMimeType, why: string): never {
  throw new ImageRefused(`attachment is declared ${declared} but ${why}`);
}

/**
 * Refuses bytes that are not a whole, clean image of the declared type before the model is shown
 * them: the signature must be the declared type's, the container must end where the image ends
 * ({@link containerProblem}), and libvips (sharp) must decode every pixel without a warning, from
 * a header whose dimensions are at least 1x1 and at most {@link MAX_IMAGE_PIXELS}. The decode runs
 * on libuv's thread pool, not the event loop, shrinking as it reads: a large picture costs no more
 * memory than a small one.
 */
export async function checkImage(bytes: Buffer, declared: ImageMimeType): Promise<void> {
  const actual = imageTypeOf(bytes);
  if (actual !== declared)
    refuse(declared, `its bytes are ${actual ?? `none of ${ATTACHMENT_MIME_TYPES.join(', ')}`}`);
  const problem = containerProblem(bytes, declared);
  if (problem !== null) refuse(declared, problem);
  const image = sharp(bytes, { failOn: 'warning', limitInputPixels: MAX_IMAGE_PIXELS });
  try {
    const { format, width, height } = await image.metadata();
    if (format !== FORMAT_OF[declared]) refuse(declared, `it decodes as ${format ?? 'nothing'}`);
    if (!width || !height) refuse(declared, 'it has no dimensions');
    await image.resize(16, 16, { fit: 'inside' }).raw().toBuffer();
  } catch (error) {
    if (error instanceof ImageRefused) throw error;
    const reason = error instanceof Error ? error.message : String(error);
    refuse(declared, `it does not decode: ${reason.replaceAll('\n', '; ')}`);
  }
}
