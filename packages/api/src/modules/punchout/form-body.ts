// Punch-out's form posts (B2B §17): OCI's sign-in and the storefront's transfer arrive as HTML forms, read as plain
// fields. Registered in each punch-out plugin that takes them, since a content-type parser stays in its plugin.
import type { FastifyInstance } from 'fastify';

export function acceptFormPosts(app: FastifyInstance): void {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) =>
    done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );
}
