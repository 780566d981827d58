// The storefront is served by one route that looks files up when asked (infra/http/static-web.ts): only a path that can
// name a file of the build reaches the disk; directories, dotfiles and paths that climb out answer as a missing file.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/test-app.js';

const INDEX = '<!doctype html><title>Kestrel</title>';
const OUTSIDE = 'a file beside the build';

describe('storefront paths', () => {
  let t: TestApp;
  let root: string;

  beforeAll(async () => {
    // The build sits one level down, so that a path climbing out of it has a file to find.
    root = mkdtempSync(join(tmpdir(), 'kestrel-paths-'));
    const web = join(root, 'dist');
    mkdirSync(join(web, 'static/js'), { recursive: true });
    writeFileSync(join(web, 'index.html'), INDEX);
    writeFileSync(join(web, 'static/js/app.js'), 'app();');
    writeFileSync(join(web, '.env'), 'SECRET=1');
    writeFileSync(join(web, 'static/.hidden'), 'hidden');
    writeFileSync(join(root, 'outside.txt'), OUTSIDE);
    t = await createTestApp('sqlite', {}, { webDist: web });
  });
  afterAll(async () => {
    await t.close();
    rmSync(root, { recursive: true, force: true });
  });

  const get = async (url: string) => {
    const res = await t.app.inject({ url });
    return [res.statusCode, res.headers['content-type'], res.body];
  };
  const notFound = (path: string) => [
    404,
    'application/json; charset=utf-8',
    JSON.stringify({ error: { code: 'not_found', message: `No such call: GET ${path}` } }),
  ];
  const app = [200, 'text/html; charset=utf-8', INDEX];

  it('serves the files of the build and the app for client routes, including ones that end in a slash', async () => {
    expect(await get('/static/js/app.js')).toEqual([200, 'application/javascript; charset=utf-8', 'app();']);
    expect(await get('/login')).toEqual(app);
    expect(await get('/cart')).toEqual(app);
    expect(await get('/dashboard/myorder/')).toEqual(app);
  });

  it('never serves a dotfile, a directory or a file outside the build', async () => {
    // Not a page of the storefront either: the 'Page is not Found' page (B2B §18), never the file.
    const dotfile = await t.app.inject({ url: '/.env' });
    expect([dotfile.statusCode, dotfile.body.includes('SECRET')]).toEqual([404, false]);
    expect(await get('/static/.hidden')).toEqual(notFound('/static/.hidden'));
    expect(await get('/static')).toEqual(notFound('/static'));
    expect(await get('/static/')).toEqual(notFound('/static/'));
    expect(await get('/static/js/')).toEqual(notFound('/static/js/'));
  });

  it('never serves a file outside the build to paths that climb out, sent as they are over a socket', async () => {
    // app.inject resolves '..' (and %2e%2e) before routing; a client on a socket can send them unresolved.
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const raw = (path: string) =>
      new Promise<string>((resolve, reject) => {
        const socket = connect(port, '127.0.0.1', () =>
          socket.write(`GET ${path} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`),
        );
        let text = '';
        socket.on('data', (chunk: Buffer) => (text += chunk.toString()));
        socket.on('end', () => resolve(text));
        socket.on('error', reject);
      });
    // Under /static a miss is a JSON 404; elsewhere the 'Page is not Found' page, a 404 too (B2B §18).
    const cases: Array<[path: string, status: string]> = [
      ['/static/../../outside.txt', 'HTTP/1.1 404 Not Found'],
      ['/static/%2e%2e/%2e%2e/outside.txt', 'HTTP/1.1 404 Not Found'],
      ['/../outside.txt', 'HTTP/1.1 404 Not Found'],
      ['/%2e%2e/outside.txt', 'HTTP/1.1 404 Not Found'],
    ];
    for (const [path, status] of cases) {
      const answer = await raw(path);
      expect([path, answer.split('\r\n')[0], answer.includes(OUTSIDE)]).toEqual([path, status, false]);
    }
  });
});
