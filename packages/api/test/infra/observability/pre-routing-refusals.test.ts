// What is refused before any route sees it (infra/http/pre-routing-refusals.ts): a malformed URL, and what Node's HTTP
// parser refuses, sent as raw bytes over a real socket, since app.inject never goes through the parser. Each answer is
// in the API's error shape with X-Request-Id and the security headers, and each is counted under route "unparsed".
import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers/test-app.js';
import { parseMetrics, valueOf } from './prometheus-text.js';

/** Sends `raw` on a new connection and reads the whole answer until the server closes it. */
function exchange(
  port: number,
  raw: string,
): Promise<{ status: number; headers: Record<string, string>; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const [head = '', body = ''] = text.split('\r\n\r\n');
      const [statusLine = '', ...headerLines] = head.split('\r\n');
      const headers = Object.fromEntries(
        headerLines.map((line) => {
          const at = line.indexOf(':');
          return [line.slice(0, at).toLowerCase(), line.slice(at + 1).trim()];
        }),
      );
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body });
    });
    socket.write(raw);
  });
}

describe('requests refused before routing', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await createTestApp('sqlite', {}, { metricsFiguresCacheMs: 0 });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(() => t.close());

  const refusedSeen = new Set<string>();
  const expectRefusal = (
    answer: Awaited<ReturnType<typeof exchange>>,
    status: number,
    error: { code: string; message: string },
  ) => {
    expect([answer.status, JSON.parse(answer.body)]).toEqual([status, { error }]);
    expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
    expect(answer.headers['content-security-policy']).toContain("default-src 'none'");
    const id = answer.headers['x-request-id'] ?? '';
    expect(id).toMatch(/^[\w-]+-[0-9a-z]+$/);
    expect(refusedSeen.has(id)).toBe(false);
    refusedSeen.add(id);
  };

  it('answers headers past the limit with 431 headers_too_large', async () => {
    const answer = await exchange(port, `GET /api/service HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
    expectRefusal(answer, 431, { code: 'headers_too_large', message: 'The request headers are too large' });
  });

  it('answers an unknown method and a malformed header with 400 bad_request', async () => {
    const method = await exchange(port, 'BREW /api/service HTTP/1.1\r\nHost: x\r\n\r\n');
    expectRefusal(method, 400, { code: 'bad_request', message: 'The request is malformed' });
    const header = await exchange(port, 'GET /api/service HTTP/1.1\r\nHost: x\r\nNo colon here\r\n\r\n');
    expectRefusal(header, 400, { code: 'bad_request', message: 'The request is malformed' });
  });

  it('answers a URL whose percent-encoding does not decode with 400 bad_url', async () => {
    const answer = await exchange(port, 'GET /api/service/%zz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
    expectRefusal(answer, 400, { code: 'bad_url', message: 'The request URL is malformed' });
  });

  it('counts each under the route "unparsed"', async () => {
    const samples = parseMetrics((await t.app.inject({ url: '/metrics' })).body);
    const unparsed = (method: string, status: string) =>
      valueOf(samples, 'http_requests_total', { method, route: 'unparsed', status });
    expect([unparsed('UNKNOWN', '431'), unparsed('UNKNOWN', '400'), unparsed('GET', '400')]).toEqual([1, 2, 1]);
  });
});
