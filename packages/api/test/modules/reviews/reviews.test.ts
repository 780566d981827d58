// GET/POST /review on both databases.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@kestrel/shared';
import { databases } from '../../helpers/databases.js';
import { call, createTestApp, signUp, type SignedIn, type TestApp } from '../../helpers/test-app.js';

describe.each(databases)('reviews on %s', (kind) => {
  let t: TestApp;
  let ann: SignedIn;

  beforeAll(async () => {
    t = await createTestApp(kind);
    ann = await signUp(t.app, 'Ann Buyer', 'ann@example.com');
  });
  afterAll(() => t.close());

  it('adds reviews and lists them oldest first; an empty image is left out', async () => {
    const first = await call(t.app, 'POST', '/api/review', ann, {
      name: 'Ann',
      rating: 5,
      description: 'Great fans',
      image: 'https://example.com/a.png',
    });
    expect(first.statusCode).toBe(201);
    const second = await call(t.app, 'POST', '/api/review', ann, {
      name: 'Ann',
      rating: 3,
      description: 'Ok',
      image: '',
    });
    expect(second.statusCode).toBe(201);
    const list = await call(t.app, 'GET', '/api/review');
    expect(list.json()).toEqual([
      {
        _id: first.json().insertedId,
        name: 'Ann',
        rating: 5,
        description: 'Great fans',
        image: 'https://example.com/a.png',
      },
      { _id: second.json().insertedId, name: 'Ann', rating: 3, description: 'Ok' },
    ]);
  });

  it.each([
    [{ rating: 4, description: 'd' }, messages.review.nameRequired],
    [{ name: 'n', description: 'd' }, messages.review.ratingRequired],
    [{ name: 'n', rating: 6, description: 'd' }, messages.review.ratingRange],
    [{ name: 'n', rating: 0, description: 'd' }, messages.review.ratingRange],
    [{ name: 'n', rating: 4 }, messages.review.descriptionRequired],
    [{ name: 'n', rating: 4, description: 'd', image: 'not a url' }, messages.review.imageInvalid],
  ])('refuses %j with its message', async (body, message) => {
    const before = (await call(t.app, 'GET', '/api/review')).json().length;
    const res = await call(t.app, 'POST', '/api/review', ann, body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: { code: 'validation_error', message } });
    expect((await call(t.app, 'GET', '/api/review')).json()).toHaveLength(before);
  });
});
