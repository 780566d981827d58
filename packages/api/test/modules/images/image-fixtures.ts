// Real image files for the image tests, made with sharp at test time so every case is an actual encoder's output.
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';

/** A two-colour picture (left half red, right half blue), so crops and rotations are visible in the pixels. */
export async function picture(width: number, height: number): Promise<sharp.Sharp> {
  const half = Math.floor(width / 2);
  const blue = await sharp({ create: { width: width - half, height, channels: 3, background: '#1040c0' } })
    .png()
    .toBuffer();
  const base = await sharp({ create: { width, height, channels: 3, background: '#d02020' } })
    .composite([{ input: blue, left: half, top: 0 }])
    .png()
    .toBuffer();
  return sharp(base);
}

export const jpeg = async (w: number, h: number) => (await picture(w, h)).jpeg({ quality: 90 }).toBuffer();
export const png = async (w: number, h: number) => (await picture(w, h)).png().toBuffer();
export const webp = async (w: number, h: number) => (await picture(w, h)).webp().toBuffer();
export const gif = async (w: number, h: number) => (await picture(w, h)).gif().toBuffer();
export const tiff = async (w: number, h: number) => (await picture(w, h)).tiff().toBuffer();

/** A JPEG stored sideways with EXIF orientation 6 (rotate 90° clockwise to view) plus a camera-ish EXIF block. */
export const rotatedJpeg = async (w: number, h: number) =>
  (await picture(w, h))
    .withMetadata({ orientation: 6 })
    .withExif({ IFD0: { Make: 'KestrelCam', Model: 'Test 1' } })
    .jpeg()
    .toBuffer();

/** An animated GIF of three frames, each w x h. */
export async function animatedGif(w: number, h: number): Promise<Buffer> {
  const frames = await Promise.all(
    ['#d02020', '#20d020', '#2020d0'].map((background) =>
      sharp({ create: { width: w, height: h, channels: 3, background } })
        .png()
        .toBuffer(),
    ),
  );
  return sharp(frames, { join: { animated: true } })
    .gif({ delay: 100 })
    .toBuffer();
}

export const svg = () =>
  Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="64" height="48"><rect width="64" height="48"/></svg>');

/** Plain text, as if someone renamed notes.txt to photo.png. */
export const textFile = () => Buffer.from('This is not an image, just some text saved as photo.png\n');

/** A real, valid PNG of random noise over 5 MB (noise does not compress). */
export const oversizePng = () =>
  sharp(randomBytes(1400 * 1400 * 3), { raw: { width: 1400, height: 1400, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer();

/** A decompression bomb: a real 30000 x 30000 PNG (900 MP) that compresses to about 2.6 MB. Takes ~5 s to make. */
export const bombPng = () =>
  sharp({ create: { width: 30000, height: 30000, channels: 3, background: '#ffffff' }, limitInputPixels: false })
    .png({ compressionLevel: 9 })
    .toBuffer();

/** A PNG cut short: the signature and header are fine, the pixel data ends early. */
export const truncatedPng = async () => {
  const whole = await (await picture(400, 300)).png().toBuffer();
  return whole.subarray(0, Math.floor(whole.length / 2));
};

/** A JPEG cut short: libjpeg would fill the missing rows with grey; the pipeline must refuse it instead. */
export const truncatedJpeg = async () => {
  const whole = await (await picture(800, 600)).jpeg().toBuffer();
  return whole.subarray(0, Math.floor(whole.length * 0.6));
};
