// Picks the image store for a configuration. Today that is always the local disk (UPLOAD_DIR); an S3-compatible store
// would be chosen here from S3_* settings (docs/operations.md, "Images"), and nothing else would change.
import type { Config } from '../../infra/config.js';
import { createDiskImageStore } from './disk-image-store.js';
import type { ImageStore } from './image-store.js';

export function createImageStore(config: Pick<Config, 'uploadDir'>): ImageStore {
  return createDiskImageStore(config.uploadDir);
}
