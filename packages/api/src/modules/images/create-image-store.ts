// Picks the image store for a configuration: an S3-compatible bucket when S3_BUCKET is set (s3-image-store.ts), else the
// local disk (UPLOAD_DIR, default DATA_DIR/uploads). The routes, the service and the seed see only the interface.
import type { Config } from '../../infra/config.js';
import { createDiskImageStore } from './disk-image-store.js';
import type { ImageStore } from './image-store.js';
import { createS3ImageStore } from './s3-image-store.js';

export async function createImageStore(config: Pick<Config, 'uploadDir' | 's3'>): Promise<ImageStore> {
  return config.s3 ? createS3ImageStore(config.s3) : createDiskImageStore(config.uploadDir);
}
