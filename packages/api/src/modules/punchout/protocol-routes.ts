// The procurement systems' own calls (B2B §17), outside /api: cXML setup and purchase orders, OCI sign-in, and the
// transfer page's script. A cXML answer's HTTP status is its Status code.
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { AppError } from '../../infra/errors.js';
import { cxmlResponse, setupResponse } from './cxml-documents.js';
import { acceptFormPosts } from './form-body.js';
import { MissingPart, readCredential, readOrderRequest, readSetupRequest, returnAddress } from './cxml-requests.js';
import type { PunchoutService } from './service.js';
import { TRANSFER_SCRIPT, TRANSFER_SCRIPT_PATH } from './transfer-page.js';
import { XmlRefused } from './xml-input.js';

/**
 * The cXML routes' body limit, below the API's 256 KiB: an OrderRequest of 100 lines (MAX_ORDER_LINES) with all the
 * detail Ariba sends per line (descriptions, classification, manufacturer, accounting segments, comments) is about
 * 121 KiB, a setup request a few KB (an edit's 100 ItemOut lines as much as an order). 192 KiB leaves half as much
 * again; what is larger is refused (413) while it arrives, before any of it is read.
 */
export const CXML_BODY_LIMIT = 192 * 1024;

export const punchoutProtocolRoutes: FastifyPluginAsync<{ punchout: PunchoutService; host: string }> = async (
  app,
  { punchout, host },
) => {
  app.addContentTypeParser(['text/xml', 'application/xml'], { parseAs: 'string' }, (_request, body, done) =>
    done(null, body),
  );
  acceptFormPosts(app);

  const cxml = (reply: FastifyReply, code: number, document: string) =>
    reply.code(code).type('text/xml; charset=utf-8').header('cache-control', 'no-store').send(document);

  /** Every refusal as a cXML Status: the parts' and the shop's words, never an internal error's. */
  function refusal(reply: FastifyReply, error: unknown) {
    if (error instanceof XmlRefused || error instanceof MissingPart) {
      return cxml(reply, 400, cxmlResponse(host, 400, error.message));
    }
    if (error instanceof AppError && error.statusCode < 500) {
      return cxml(reply, error.statusCode, cxmlResponse(host, error.statusCode, error.message));
    }
    throw error;
  }

  /** The document; a request that sent none as text/xml or application/xml is refused in the API's JSON shape. */
  const text = (body: unknown): string => {
    if (typeof body !== 'string') {
      throw new AppError(415, 'unsupported_media_type', 'Send the cXML document as text/xml or application/xml');
    }
    return body;
  };

  app.post('/punchout/cxml/setup', { bodyLimit: CXML_BODY_LIMIT }, async (request, reply) => {
    const document = text(request.body);
    try {
      // The credential first, from the Header alone: a wrong one never costs the whole document's parse.
      await punchout.checkSender(readCredential(document));
      const setup = readSetupRequest(document);
      const startUrl = await punchout.setup(setup);
      return cxml(reply, 200, setupResponse(host, startUrl));
    } catch (error) {
      return refusal(reply, error);
    }
  });

  app.post('/punchout/cxml/order', { bodyLimit: CXML_BODY_LIMIT }, async (request, reply) => {
    const document = text(request.body);
    try {
      await punchout.checkSender(readCredential(document));
      const order = readOrderRequest(document);
      const placed = await punchout.order(order);
      const words = placed.again ? `Order ${placed.order.number} was placed before` : `Order ${placed.order.number}`;
      return cxml(reply, 200, cxmlResponse(host, 200, words));
    } catch (error) {
      return refusal(reply, error);
    }
  });

  const oci = async (
    request: { params: unknown; query: unknown; body: unknown; method: string },
    reply: FastifyReply,
  ) => {
    const fields = (request.method === 'GET' ? request.query : request.body) ?? {};
    const field = (name: string): string | undefined => {
      const value = typeof fields === 'object' && fields !== null ? Reflect.get(fields, name) : undefined;
      return typeof value === 'string' && value !== '' ? value : undefined;
    };
    const params = request.params;
    const id = typeof params === 'object' && params !== null ? Reflect.get(params, 'connectionId') : undefined;
    let hookUrl: string;
    try {
      hookUrl = returnAddress(field('HOOK_URL'), 'HOOK_URL');
    } catch (error) {
      throw new AppError(400, 'hook_url_invalid', error instanceof Error ? error.message : 'HOOK_URL is invalid');
    }
    const startUrl = await punchout.ociSignIn(String(id), {
      username: field('USERNAME') ?? '',
      password: field('PASSWORD') ?? '',
      hookUrl,
      target: field('~TARGET') ?? null,
    });
    return reply.code(303).header('cache-control', 'no-store').redirect(startUrl, 303);
  };
  app.get('/punchout/oci/:connectionId', oci);
  app.post('/punchout/oci/:connectionId', oci);

  app.get(TRANSFER_SCRIPT_PATH, async (_request, reply) =>
    reply.type('text/javascript; charset=utf-8').header('cache-control', 'public, max-age=3600').send(TRANSFER_SCRIPT),
  );
};
