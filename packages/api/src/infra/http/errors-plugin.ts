// One error shape for every non-2xx answer: `{ error: { code, message } }`. Internals of 5xx are logged, never sent.
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, RetryLaterError } from '../errors.js';

const CODE_BY_STATUS: Record<number, string> = {
  400: 'bad_request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  405: 'method_not_allowed',
  406: 'not_acceptable',
  409: 'conflict',
  411: 'length_required',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  429: 'rate_limited',
};

function isFastifyError(error: unknown): error is FastifyError {
  return error instanceof Error && 'statusCode' in error && typeof error.statusCode === 'number';
}

/** Framework errors that reach us before a route runs (body parsing, content type) mapped to our codes. */
function clientError(error: FastifyError): { status: number; code: string; message: string } | undefined {
  const status = error.statusCode ?? 500;
  if (status < 400 || status >= 500) return undefined;
  if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError) {
    return { status: 400, code: 'invalid_json', message: 'The request body is not valid JSON' };
  }
  if (error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
    return { status: 400, code: 'invalid_json', message: 'The request body is empty but its type is JSON' };
  }
  if (status === 413) return { status, code: 'payload_too_large', message: 'The request body is too large' };
  return { status, code: CODE_BY_STATUS[status] ?? 'bad_request', message: error.message };
}

/** Zod's own wording, which never says which value it is about (the schemas' own messages do). */
const ZOD_DEFAULT = /^(Invalid (input|option|string|key|element|union)|Too (big|small)|Unrecognized key)/;
const PLACES: Record<string, string> = {
  querystring: 'Query parameter',
  body: 'Field',
  params: 'Path parameter',
  headers: 'Header',
};

/**
 * The first problem's message, naming the value when zod's default words do not: `?from=a&from=b` answers `Query
 * parameter "from" may be given only once` rather than `Invalid input: expected string, received array`.
 */
function validationMessage(first: { instancePath: string; message?: string } | undefined, context?: string): string {
  const message = first?.message ?? 'Invalid input';
  const name = first?.instancePath.slice(1).replaceAll('/', '.') ?? '';
  if (!name || !ZOD_DEFAULT.test(message)) return message;
  const place = PLACES[context ?? ''] ?? 'Field';
  if (context === 'querystring' && message.endsWith('received array'))
    return `${place} "${name}" may be given only once`;
  return `${place} "${name}": ${message}`;
}

/** PostgreSQL SQLSTATE class 22 ("data exception"): the input, not the server, is at fault. */
function isDataException(error: unknown): boolean {
  return error instanceof Error && 'severity' in error && 'code' in error && /^22/.test(String(error.code));
}

export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: unknown, request, reply) => {
    if (error instanceof AppError) {
      if (error instanceof RetryLaterError) void reply.header('retry-after', String(error.retryAfterSeconds));
      return reply
        .code(error.statusCode)
        .send({ error: { ...error.details, code: error.code, message: error.message } });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const message = validationMessage(error.validation[0], error.validationContext);
      return reply.code(400).send({ error: { code: 'validation_error', message } });
    }
    if (isFastifyError(error)) {
      const mapped = clientError(error);
      if (mapped) return reply.code(mapped.status).send({ error: { code: mapped.code, message: mapped.message } });
    }
    if (isDataException(error)) {
      // The database refused a value (e.g. a NUL character in text on PostgreSQL); the statement changed nothing.
      return reply
        .code(400)
        .send({ error: { code: 'invalid_input', message: 'The input contains a value that cannot be stored' } });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send({ error: { code: 'internal_error', message: 'Something went wrong on our side' } });
  });
});
