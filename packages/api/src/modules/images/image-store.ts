// Where processed images live. The route and the image service only talk to this interface, so a deployment with
// several instances can swap the local disk for an S3-compatible bucket (see docs/operations.md, "Images").
import type { Readable } from 'node:stream';

/** `<sha256 hex>.webp` or `<sha256 hex>-card.webp`: the only names ever stored or served. */
export const IMAGE_NAME_PATTERN = /^[0-9a-f]{64}(?:-card)?\.webp$/;

export function isImageName(name: string): boolean {
  return IMAGE_NAME_PATTERN.test(name);
}

export interface StoredImage {
  stream: Readable;
  /** Size in bytes, for Content-Length. */
  size: number;
}

export interface ImageStore {
  /** Stores the bytes under the name, atomically: a reader sees the whole file or none. Overwriting is harmless
   * because a name is the hash of its content. */
  put(name: string, bytes: Buffer): Promise<void>;
  /** The stored image, or null when there is none under that name. */
  get(name: string): Promise<StoredImage | null>;
  exists(name: string): Promise<boolean>;
  /** Releases what the store holds open (the S3 client's kept-alive sockets); called when the app closes. */
  close?(): void;
}

/** Every store refuses names outside the pattern, so no caller can reach a path outside the store. */
export function assertImageName(name: string): void {
  if (!isImageName(name)) throw new Error(`Not an image name: ${JSON.stringify(name)}`);
}
