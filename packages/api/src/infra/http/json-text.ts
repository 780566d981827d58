// Sends JSON text that is already serialised (the list cache's answers) exactly as Fastify sends a serialised object:
// same content type, same hooks (security headers, CORS), no second JSON.stringify.
import type { FastifyReply } from 'fastify';

export const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

/**
 * Text already at hand is sent at once and nothing is returned (Fastify needs no promise then); text still being
 * loaded returns the promise of the answer, so a failure reaches the error handler.
 */
export function sendJsonText(reply: FastifyReply, json: string | Promise<string>): undefined | Promise<void> {
  if (typeof json !== 'string') return json.then((text) => sendJsonText(reply, text));
  reply.type(JSON_CONTENT_TYPE).send(json);
  return undefined;
}
