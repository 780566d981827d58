// POST /api/image through HTTP: every accepted format (served back at the answered URLs), idempotency, and every
// refusal with its exact answer and an unchanged upload folder. Serving itself: images-serving.test.ts.
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_IMAGE_BYTES } from '@kestrel/shared';
import { ADMIN, createTestApp, logIn, type SignedIn, type TestApp } from '../../helpers/test-app.js';
import * as fixture from './image-fixtures.js';
import { uploadImage, type FilePart } from './http-helpers.js';
import { storeKinds, storeUnderTest, type StoreUnderTest } from './store-kinds.js';

describe.each(storeKinds)('on the %s store', (storeKind) => {
  let t: TestApp;
  let store: StoreUnderTest;
  let admin: SignedIn;

  beforeAll(async () => {
    store = await storeUnderTest(storeKind);
    t = await createTestApp('sqlite', store.env);
    admin = await logIn(t.app, ADMIN.email, ADMIN.password);
  });
  afterAll(async () => {
    await t.close();
    await store.close();
  });

  const upload = (files: FilePart[], fields?: Record<string, string>) => uploadImage(t, admin.auth, files, fields);

  async function served(url: string) {
    const res = await t.app.inject({ method: 'GET', url });
    const meta = await sharp(res.rawPayload).metadata();
    return { status: res.statusCode, type: res.headers['content-type'], size: [meta.format, meta.width, meta.height] };
  }

  describe('POST /api/image accepts', () => {
    it.each([
      ['JPEG', 'image/jpeg', 'part.jpg', fixture.jpeg],
      ['PNG', 'image/png', 'part.png', fixture.png],
      ['WebP', 'image/webp', 'part.webp', fixture.webp],
      ['GIF', 'image/gif', 'part.gif', fixture.gif],
    ])('%s, serving a bounded full image and a 480x360 card', async (_format, type, filename, make) => {
      const res = await upload([{ bytes: await make(2000, 1000), type, filename }]);
      expect(res.statusCode).toBe(200);
      const { data }: { data: { url: string; cardUrl: string } } = res.json();
      expect(await served(data.url)).toEqual({ status: 200, type: 'image/webp', size: ['webp', 1200, 600] });
      expect(await served(data.cardUrl)).toEqual({ status: 200, type: 'image/webp', size: ['webp', 480, 360] });
    });

    it('the same image twice, storing it once', async () => {
      const bytes = await fixture.png(640, 480);
      const before = await store.list();
      const first = await upload([{ bytes, type: 'image/png', filename: 'a.png' }]);
      const second = await upload([{ bytes, type: 'image/png', filename: 'renamed.png' }]);
      expect(second.json()).toEqual(first.json());
      expect((await store.list()).length).toBe(before.length + 2);
    });

    it('the file in the field "image" among other fields and files', async () => {
      const bytes = await fixture.png(300, 200);
      const res = await upload(
        [
          { field: 'other', bytes: fixture.textFile(), filename: 'notes.txt' },
          { bytes, type: 'image/png', filename: 'part.png' },
        ],
        { name: 'Kestrel Part' },
      );
      expect(res.statusCode).toBe(200);
      const { data }: { data: { url: string } } = res.json();
      expect(await served(data.url)).toEqual({ status: 200, type: 'image/webp', size: ['webp', 300, 200] });
    });
  });

  describe('POST /api/image refuses, storing nothing', () => {
    let bomb: Buffer;
    let oversize: Buffer;
    beforeAll(async () => {
      [bomb, oversize] = await Promise.all([fixture.bombPng(), fixture.oversizePng()]);
    });

    const tooLarge = { code: 'image_too_large', message: 'The image is larger than 5 MB; upload a smaller file' };
    const required = {
      code: 'image_required',
      message: 'image is Required: send the file as multipart/form-data in the field "image"',
    };

    const cases: Array<[string, () => ReturnType<typeof upload>, number, object]> = [
      [
        'a text file named .png',
        () => upload([{ bytes: fixture.textFile(), type: 'image/png', filename: 'photo.png' }]),
        415,
        { code: 'unsupported_image_type', message: 'This file is not an image: upload a JPEG, PNG, WebP or GIF image' },
      ],
      [
        'an SVG',
        () => upload([{ bytes: fixture.svg(), type: 'image/svg+xml', filename: 'logo.svg' }]),
        415,
        {
          code: 'unsupported_image_type',
          message: 'This SVG file is not accepted: upload a JPEG, PNG, WebP or GIF image',
        },
      ],
      [
        'a TIFF named .jpg',
        async () => upload([{ bytes: await fixture.tiff(64, 48), type: 'image/jpeg', filename: 'scan.jpg' }]),
        415,
        {
          code: 'unsupported_image_type',
          message: 'This TIFF file is not accepted: upload a JPEG, PNG, WebP or GIF image',
        },
      ],
      [
        'a real PNG over 5 MB (refused from Content-Length)',
        () => upload([{ bytes: oversize, type: 'image/png', filename: 'big.png' }]),
        413,
        tooLarge,
      ],
      [
        'a file one byte over 5 MB (refused while reading)',
        async () => upload([{ bytes: Buffer.concat([oversize.subarray(0, 64), Buffer.alloc(MAX_IMAGE_BYTES - 63)]) }]),
        413,
        tooLarge,
      ],
      [
        'a 30000 x 30000 PNG bomb',
        () => upload([{ bytes: bomb, type: 'image/png', filename: 'bomb.png' }]),
        400,
        {
          code: 'image_too_many_pixels',
          message: 'The image is 30000 x 30000 pixels; at most 40 megapixels are accepted',
        },
      ],
      [
        'an empty file',
        () => upload([{ bytes: Buffer.alloc(0), type: 'image/png', filename: 'empty.png' }]),
        400,
        { code: 'image_required', message: 'The image file is empty' },
      ],
      [
        'a truncated PNG',
        async () => upload([{ bytes: await fixture.truncatedPng(), type: 'image/png', filename: 'cut.png' }]),
        400,
        { code: 'invalid_image', message: 'The image could not be read; it may be truncated or corrupt' },
      ],
      ['a form without a file', () => upload([], { name: 'x' }), 400, required],
      [
        'a file in another field',
        async () => upload([{ field: 'photo', bytes: await fixture.png(20, 20), filename: 'p.png' }]),
        400,
        required,
      ],
      [
        'a JSON body',
        () =>
          t.app.inject({ method: 'POST', url: '/api/image', headers: admin.auth, payload: { url: 'http://x/y.png' } }),
        400,
        required,
      ],
      [
        'a malformed multipart body',
        () =>
          t.app.inject({
            method: 'POST',
            url: '/api/image',
            headers: { ...admin.auth, 'content-type': 'multipart/form-data; boundary=xyz' },
            payload: '--xyz\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\n\r\nno end',
          }),
        400,
        { code: 'invalid_upload', message: 'The upload is not a well-formed multipart/form-data body' },
      ],
      [
        'a multipart type without a boundary',
        () =>
          t.app.inject({
            method: 'POST',
            url: '/api/image',
            headers: { ...admin.auth, 'content-type': 'multipart/form-data' },
            payload: 'image=x',
          }),
        400,
        { code: 'invalid_upload', message: 'The upload is not a well-formed multipart/form-data body' },
      ],
    ];

    it.each(cases)('%s', async (_name, send, status, error) => {
      const before = await store.list();
      const res = await send();
      expect(res.statusCode).toBe(status);
      expect(res.json()).toEqual({ error });
      expect(await store.list()).toEqual(before);
    });
  });
});
