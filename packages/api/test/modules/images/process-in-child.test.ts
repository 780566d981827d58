// The demo seed's pictures go through the upload pipeline in a child process: the same output as in this process, in
// the order asked, and a refusal or a missing file fails the batch with its reason.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { processImage } from '../../../src/modules/images/process-image.js';
import { processImagesInChild } from '../../../src/modules/images/process-in-child.js';
import * as fixture from './image-fixtures.js';

describe('processImagesInChild', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'kestrel-child-images-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('answers what processImage makes, file by file in the order given', async () => {
    const wide = await fixture.jpeg(1600, 1000);
    const small = await fixture.png(300, 200);
    await writeFile(join(dir, 'wide.jpg'), wide);
    await writeFile(join(dir, 'small.png'), small);

    const [first, second, ...rest] = await processImagesInChild([join(dir, 'wide.jpg'), join(dir, 'small.png')]);
    expect(rest).toEqual([]);
    expect([first?.sourceFormat, first?.fullWidth, first?.fullHeight]).toEqual(['jpeg', 1200, 750]);
    expect([second?.sourceFormat, second?.fullWidth, second?.fullHeight]).toEqual(['png', 300, 200]);
    const here = await processImage(wide);
    expect(Buffer.isBuffer(first?.full) && first.full.equals(here.full)).toBe(true);
    expect(Buffer.isBuffer(first?.card) && first.card.equals(here.card)).toBe(true);
  });

  it('fails the batch with the refusal of a file that is not an image', async () => {
    await writeFile(join(dir, 'notes.png'), 'not a picture');
    await expect(processImagesInChild([join(dir, 'notes.png')])).rejects.toThrow(
      'Processing images failed: This file is not an image: upload a JPEG, PNG, WebP or GIF image',
    );
  });

  it('fails the batch when a file is missing, naming it', async () => {
    const missing = join(dir, 'missing.png');
    await expect(processImagesInChild([missing])).rejects.toThrow(
      `Processing images failed: ENOENT: no such file or directory, open '${missing}'`,
    );
  });
});
