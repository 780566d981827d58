// The images module's public entry: what the seed and app.ts may use.
export { createImageStore } from './create-image-store.js';
export { ingestDemoImages } from './demo-images.js';
export { createImageService, type ImageService } from './image-service.js';
export type { ImageStore } from './image-store.js';
export { imagesRoutes } from './routes.js';
