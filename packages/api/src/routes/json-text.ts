// Sends JSON text that is already serialised (the list cache's answers) exactly as Fastify sends a serialised object:
// same content type, same hooks (security headers, CORS), no second JSON.stringify.
import type { FastifyReply } from 'fastify';

export const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

export function sendJsonText(reply: FastifyReply, json: string): FastifyReply {
  return reply.type(JSON_CONTENT_TYPE).send(json);
}
