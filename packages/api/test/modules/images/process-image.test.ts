import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { MAX_IMAGE_BYTES } from '@kestrel/shared';
import { processImage } from '../../../src/modules/images/process-image.js';
import { ImageError } from '../../../src/modules/images/image-errors.js';
import * as fixture from './image-fixtures.js';

async function refusal(bytes: Buffer): Promise<{ status: number; code: string; message: string }> {
  const error: unknown = await processImage(bytes).then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof ImageError)) throw new Error(`expected an ImageError, got ${String(error)}`);
  return { status: error.statusCode, code: error.code, message: error.message };
}

describe('processImage accepts', () => {
  it.each([
    ['jpeg', fixture.jpeg],
    ['png', fixture.png],
    ['webp', fixture.webp],
    ['gif', fixture.gif],
  ])('%s: re-encodes to WebP at most 1200 px plus a 480x360 card', async (format, make) => {
    const result = await processImage(await make(1600, 1000));
    expect(result.sourceFormat).toBe(format);
    const full = await sharp(result.full).metadata();
    expect([full.format, full.width, full.height]).toEqual(['webp', 1200, 750]);
    expect([result.fullWidth, result.fullHeight]).toEqual([1200, 750]);
    const card = await sharp(result.card).metadata();
    expect([card.format, card.width, card.height]).toEqual(['webp', 480, 360]);
  });

  it('keeps a small image at its size (no enlargement) and scales a tall one by its longer side', async () => {
    const small = await sharp((await processImage(await fixture.png(300, 200))).full).metadata();
    expect([small.width, small.height]).toEqual([300, 200]);
    const tall = await sharp((await processImage(await fixture.jpeg(900, 2400))).full).metadata();
    expect([tall.width, tall.height]).toEqual([450, 1200]);
  });

  it('applies the EXIF orientation and strips EXIF, ICC and XMP', async () => {
    const input = await fixture.rotatedJpeg(400, 200);
    const before = await sharp(input).metadata();
    expect([before.orientation, before.exif === undefined]).toEqual([6, false]);

    const result = await processImage(input);
    const full = await sharp(result.full).metadata();
    expect([full.width, full.height, full.orientation, full.exif, full.icc, full.xmp]).toEqual([
      200,
      400,
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
    expect(result.full.includes(Buffer.from('KestrelCam'))).toBe(false);
    // Rotated 90° clockwise, the left (red) half of the stored picture becomes the top.
    const { data } = await sharp(result.full).raw().toBuffer({ resolveWithObject: true });
    expect(data[0]).toBeGreaterThan(150);
    expect(data[2]).toBeLessThan(100);
  });

  it('cover-crops the card from the centre', async () => {
    // 1200x300 red|blue: the 4:3 card cut from the middle shows both halves.
    const { data, info } = await sharp((await processImage(await fixture.png(1200, 300))).card)
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect([info.width, info.height]).toEqual([480, 360]);
    const left = data.subarray(0, 3);
    const rightStart = (info.width - 1) * info.channels;
    const right = data.subarray(rightStart, rightStart + 3);
    expect(left[0]).toBeGreaterThan(150);
    expect(right[2]).toBeGreaterThan(150);
  });

  it('takes the first frame of an animated GIF', async () => {
    const input = await fixture.animatedGif(64, 48);
    expect((await sharp(input).metadata()).pages).toBe(3);
    const full = await sharp((await processImage(input)).full).metadata();
    expect([full.width, full.height, full.pages]).toEqual([64, 48, undefined]);
  });
});

describe('processImage refuses', () => {
  let bomb: Buffer;
  beforeAll(async () => {
    bomb = await fixture.bombPng();
  });

  it('an empty buffer (400)', async () => {
    expect(await refusal(Buffer.alloc(0))).toEqual({
      status: 400,
      code: 'image_required',
      message: 'The image file is empty',
    });
  });

  it('a text file named .png (415)', async () => {
    expect(await refusal(fixture.textFile())).toEqual({
      status: 415,
      code: 'unsupported_image_type',
      message: 'This file is not an image: upload a JPEG, PNG, WebP or GIF image',
    });
  });

  it.each([
    ['SVG', fixture.svg],
    ['TIFF', () => fixture.tiff(64, 48)],
  ])('a decodable but unsupported %s (415)', async (name, make) => {
    expect(await refusal(await make())).toEqual({
      status: 415,
      code: 'unsupported_image_type',
      message: `This ${name} file is not accepted: upload a JPEG, PNG, WebP or GIF image`,
    });
  });

  it('a real PNG over 5 MB (413)', async () => {
    const big = await fixture.oversizePng();
    expect(big.length).toBeGreaterThan(MAX_IMAGE_BYTES);
    expect(await refusal(big)).toEqual({
      status: 413,
      code: 'image_too_large',
      message: 'The image is larger than 5 MB; upload a smaller file',
    });
  });

  it('a 30000 x 30000 PNG bomb of under 5 MB (400), from its header', async () => {
    expect(bomb.length).toBeLessThan(MAX_IMAGE_BYTES);
    const started = Date.now();
    expect(await refusal(bomb)).toEqual({
      status: 400,
      code: 'image_too_many_pixels',
      message: 'The image is 30000 x 30000 pixels; at most 40 megapixels are accepted',
    });
    // Refused from the header: no 900 MP decode happened.
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it.each([
    ['a truncated PNG', fixture.truncatedPng],
    ['a truncated JPEG', fixture.truncatedJpeg],
    [
      'a PNG signature followed by junk',
      async () => Buffer.concat([(await fixture.png(8, 8)).subarray(0, 8), fixture.textFile()]),
    ],
  ])('%s (400)', async (_name, make) => {
    expect(await refusal(await make())).toEqual({
      status: 400,
      code: 'invalid_image',
      message: 'The image could not be read; it may be truncated or corrupt',
    });
  });
});
