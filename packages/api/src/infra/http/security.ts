// Headers of docs/product.md §10 on every answer, and CORS only for PUBLIC_URL's origin.
import cors from '@fastify/cors';
import helmet, { type HelmetOptions } from 'helmet';
import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.js';

/**
 * Headers for answers given before any hook runs (a URL so malformed that routing refuses it): the strictest policy,
 * since such an answer is only ever a JSON error.
 */
export function bareSecurityHeaders(config: Config): Record<string, string> {
  return {
    'content-security-policy':
      "default-src 'none'; script-src 'none'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'",
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    ...(config.publicUrl.startsWith('https://')
      ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' }
      : {}),
  };
}

export const securityPlugin = fp(async (app: FastifyInstance, { config }: { config: Config }) => {
  const https = config.publicUrl.startsWith('https://');
  const headers = securityHeaders({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        imgSrc: ["'self'", 'data:', 'https:'],
        // Inline styles only (React style props, swagger-ui); scripts stay 'self'.
        styleSrc: ["'self'", "'unsafe-inline'"],
        fontSrc: ["'self'", 'data:'],
        // Stripe Elements, when configured, loads its frames and script from js.stripe.com.
        ...(config.stripe
          ? {
              scriptSrc: ["'self'", 'https://js.stripe.com'],
              frameSrc: ['https://js.stripe.com', 'https://hooks.stripe.com'],
              connectSrc: ["'self'", 'https://api.stripe.com'],
            }
          : {}),
      },
    },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
  });
  // Set on the reply rather than on reply.raw: Node's writeHead then takes Fastify's header object as it is, while one
  // header set on the raw response sends every other header through setHeader as well (twice the header cost).
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
  // A list, not a string: with a string the plugin sends that origin to every caller; with a list a foreign Origin
  // gets no Access-Control-Allow-Origin at all. An OPTIONS that is no pre-flight (no Origin or no method asked) is
  // answered 204 without permissions, where the strict default answered a text/plain 400 outside the API's shape.
  await app.register(cors, { origin: [new URL(config.publicUrl).origin], credentials: false, strictPreflight: false });
});

/**
 * The headers helmet sets, computed once at start: they do not depend on the request, and @fastify/helmet builds
 * helmet afresh (re-parsing the CSP) on every request, which was a top cost of small API answers.
 */
function securityHeaders(options: HelmetOptions): Record<string, string> {
  const res = new ServerResponse(new IncomingMessage(new Socket()));
  helmet(options)(res.req, res, (error?: unknown) => {
    if (error) throw error;
  });
  // getHeaders() names them in lower case, as Fastify keeps reply headers.
  return Object.fromEntries(
    Object.entries(res.getHeaders()).flatMap(([name, value]): Array<[string, string]> =>
      value === undefined ? [] : [[name, Array.isArray(value) ? value.join(', ') : String(value)]],
    ),
  );
}
