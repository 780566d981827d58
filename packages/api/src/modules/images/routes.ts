// POST /api/image (admin) uploads a product image; GET /api/images/:name serves stored ones (docs/product.md §7).
// Registered by app.ts under /api. Multipart parsing is registered here, so it exists only for the upload route.
import multipart from '@fastify/multipart';
import { MAX_IMAGE_BYTES, errorSchema, imageUploadResponseSchema } from '@kestrel/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ifNoneMatchNames } from '../../infra/http/if-none-match.js';
import { imageErrors } from './image-errors.js';
import { ImageStoreError } from './image-store-errors.js';
import type { ImageService } from './image-service.js';
import { isImageName, type ImageStore } from './image-store.js';
import { declaresTooLarge, readImageUpload } from './read-image-upload.js';
import { routeDocs } from '../../infra/http/route-docs.js';

const { tags } = routeDocs('images');
const IMMUTABLE = 'public, max-age=31536000, immutable';

export const imagesRoutes: FastifyPluginAsyncZod<{ store: ImageStore; images: ImageService }> = async (
  app,
  { store, images },
) => {
  if (!app.hasContentTypeParser('multipart/form-data')) {
    await app.register(multipart, { limits: { fileSize: MAX_IMAGE_BYTES } });
  }
  // A store failure answers 502/503 in the usual shape (image-store-errors.ts); the operator gets its cause here, once.
  app.addHook('onError', async (request, _reply, error) => {
    if (error instanceof ImageStoreError) request.log.error({ err: error.cause }, `image store: ${error.code}`);
  });

  app.post(
    '/image',
    {
      onRequest: app.requirePermission('products.write'),
      schema: {
        tags,
        security: [{ bearer: [] }],
        summary: 'Upload a product image (admin): multipart field "image", JPEG/PNG/WebP/GIF, at most 5 MB',
        consumes: ['multipart/form-data'],
        response: {
          200: imageUploadResponseSchema,
          400: errorSchema,
          401: errorSchema,
          403: errorSchema,
          413: errorSchema,
          415: errorSchema,
          502: errorSchema,
          503: errorSchema,
        },
      },
    },
    async (request, reply) => {
      if (declaresTooLarge(request)) {
        // Refuse without reading the body; closing the connection spares the client sending the rest.
        reply.header('connection', 'close');
        throw imageErrors.tooLarge();
      }
      const { url, cardUrl } = await images.ingest(await readImageUpload(request));
      return { success: true as const, data: { url, cardUrl } };
    },
  );

  app.get(
    '/images/:name',
    {
      schema: {
        tags,
        summary: 'A stored image (WebP, cached for a year: the name is the hash of the content)',
        // No response schema: the 200 body is binary WebP; a 404 is the usual error shape.
        params: z.object({ name: z.string() }),
      },
    },
    async (request, reply) => {
      const { name } = request.params;
      const missing = () => reply.code(404).send({ error: { code: 'not_found', message: 'No such image' } });
      if (!isImageName(name)) return missing();
      const etag = `"${name.slice(0, -'.webp'.length)}"`;
      // A revalidation needs only to know the image is there: no body is fetched (from S3, a HEAD rather than a GET).
      if (ifNoneMatchNames(request.headers['if-none-match'], (tag) => tag === etag)) {
        if (!(await store.exists(name))) return missing();
        return reply.code(304).header('cache-control', IMMUTABLE).header('etag', etag).send();
      }
      const stored = await store.get(name);
      if (!stored) return missing();
      reply.header('cache-control', IMMUTABLE).header('etag', etag);
      return reply.type('image/webp').header('content-length', stored.size).send(stored.stream);
    },
  );
};
