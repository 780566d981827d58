// /api/docs is built by its first request (infra/http/docs.ts) and answered through the app: its answers carry the
// app's security headers, a HEAD gets a GET's headers, and a path the docs do not have gets the app's own 404.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/test-app.js';

describe('API docs on demand', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite');
  });
  afterAll(() => t.close());

  it('answers the first request and later ones alike, with the security headers of any answer', async () => {
    const [first, second] = await Promise.all([
      t.app.inject({ url: '/api/docs/json' }),
      t.app.inject({ url: '/api/docs/json' }),
    ]);
    expect([first.statusCode, first.headers['content-type']]).toEqual([200, 'application/json; charset=utf-8']);
    expect(second.body).toBe(first.body);
    const health = await t.app.inject({ url: '/api/health' });
    for (const header of ['content-security-policy', 'x-content-type-options', 'referrer-policy', 'x-frame-options']) {
      expect([header, first.headers[header]]).toEqual([header, health.headers[header]]);
    }
  });

  it("answers HEAD with GET's headers and no body", async () => {
    const get = await t.app.inject({ url: '/api/docs/json' });
    const head = await t.app.inject({ method: 'HEAD', url: '/api/docs/json' });
    expect([head.statusCode, head.headers['content-type'], head.headers['content-length'], head.body]).toEqual([
      200,
      'application/json; charset=utf-8',
      get.headers['content-length'],
      '',
    ]);
  });

  it('redirects the UI page to the folder with an empty body, and answers an unknown docs path with the 404 of the app', async () => {
    const redirect = await t.app.inject({ url: '/api/docs/static/index.html' });
    expect([
      redirect.statusCode,
      redirect.headers['location'],
      redirect.headers['content-type'],
      redirect.body,
    ]).toEqual([302, '/api/docs/', undefined, '']);
    const missing = await t.app.inject({ url: '/api/docs/nope' });
    expect([missing.statusCode, missing.json()]).toEqual([
      404,
      { error: { code: 'not_found', message: 'No such call: GET /api/docs/nope' } },
    ]);
  });
});
