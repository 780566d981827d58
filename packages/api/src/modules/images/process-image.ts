// The upload pipeline: checks that the bytes are a JPEG, PNG, WebP or GIF of sane size by their content (never by file
// name or declared type), then re-encodes them to WebP: a full image of at most FULL_IMAGE_MAX_SIDE px on its longer side
// and a CARD_IMAGE_WIDTH x CARD_IMAGE_HEIGHT card (cover crop). Re-encoding drops EXIF/ICC/XMP metadata (sharp keeps none
// unless asked) after applying the EXIF orientation, so what is served is only pixels.
import type SharpModule from 'sharp';
import type { Metadata } from 'sharp';
import { CARD_IMAGE_HEIGHT, CARD_IMAGE_WIDTH, FULL_IMAGE_MAX_SIDE, MAX_IMAGE_BYTES } from '@kestrel/shared';
import { imageErrors } from './image-errors.js';
import { sniffAcceptedFormat } from './sniff-format.js';

/** Decompression-bomb guard: 40 MP is more than any product photo needs and at most ~160 MB of pixels in memory. */
export const MAX_IMAGE_PIXELS = 40_000_000;
/** A decode that takes longer than this is treated as hostile rather than tying up a core. */
const DECODE_TIMEOUT_SECONDS = 20;
const ACCEPTED_FORMATS: ReadonlySet<string> = new Set(['jpeg', 'png', 'webp', 'gif']);

export interface ProcessedImage {
  /** The full image as WebP. */
  full: Buffer;
  fullWidth: number;
  fullHeight: number;
  /** The card variant as WebP, exactly CARD_IMAGE_WIDTH x CARD_IMAGE_HEIGHT. */
  card: Buffer;
  /** What the upload was, by content: jpeg, png, webp or gif. */
  sourceFormat: string;
}

type Sharp = typeof SharpModule;

/**
 * sharp, and libvips with it, is loaded by the first image rather than at start: a server that is never sent an image
 * never maps libvips (7 MB resident) or its JavaScript (bench/results/history.md, "Memory and start-up"). The module system
 * keeps it once loaded, so later calls only await an import that has settled.
 */
async function loadSharp(): Promise<Sharp> {
  const { default: sharp } = await import('sharp');
  // libvips' operation cache (up to 50 MB) keeps recent results for reuse; each upload decodes new bytes, so nothing in
  // it is ever reused and it would only hold memory.
  sharp.cache(false);
  return sharp;
}

/** Reads only the header (no pixel decoding), so even a bomb's claimed size can be reported. */
async function readHeader(sharp: Sharp, bytes: Buffer): Promise<Metadata> {
  try {
    return await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    // A recognisable signature with a broken header is a damaged image; anything else is not an image we take.
    throw sniffAcceptedFormat(bytes) ? imageErrors.invalid() : imageErrors.unsupported(undefined);
  }
}

/** Validates and re-encodes an upload; throws an ImageError (400/413/415) when it is refused. */
export async function processImage(bytes: Buffer): Promise<ProcessedImage> {
  if (bytes.length === 0) throw imageErrors.empty();
  if (bytes.length > MAX_IMAGE_BYTES) throw imageErrors.tooLarge();

  const sharp = await loadSharp();
  const header = await readHeader(sharp, bytes);
  const format = header.format;
  if (!ACCEPTED_FORMATS.has(format)) throw imageErrors.unsupported(format);
  const { width, height } = header;
  if (!width || !height) throw imageErrors.invalid();
  if (width * height > MAX_IMAGE_PIXELS) throw imageErrors.tooManyPixels(width, height, MAX_IMAGE_PIXELS);

  try {
    // Decode once (first frame of an animation), auto-rotate and shrink to the full size, then encode both outputs
    // from those pixels. failOn 'error' refuses truncated data but tolerates the harmless warnings common in camera JPEGs.
    const { data, info } = await sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error' })
      .timeout({ seconds: DECODE_TIMEOUT_SECONDS })
      .autoOrient()
      .resize(FULL_IMAGE_MAX_SIDE, FULL_IMAGE_MAX_SIDE, { fit: 'inside', withoutEnlargement: true })
      .raw()
      .toBuffer({ resolveWithObject: true });
    const raw = { raw: { width: info.width, height: info.height, channels: info.channels } };

    const [full, card] = await Promise.all([
      sharp(data, raw).webp({ quality: 82, effort: 4 }).toBuffer(),
      sharp(data, raw)
        .resize(CARD_IMAGE_WIDTH, CARD_IMAGE_HEIGHT, { fit: 'cover', position: 'centre' })
        .webp({ quality: 80, effort: 4 })
        .toBuffer(),
    ]);
    return { full, fullWidth: info.width, fullHeight: info.height, card, sourceFormat: format };
  } catch {
    throw imageErrors.invalid();
  }
}
