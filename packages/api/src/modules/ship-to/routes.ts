// The address book calls (B2B §12): GET / POST /api/me/addresses, PATCH / DELETE /api/me/addresses/{id}; each a
// signed-in user's own entries only.
import { errorSchema, idParamsSchema } from '@kestrel/shared';
import { addressBookCreateSchema, addressBookEntrySchema, addressBookPatchSchema } from '@kestrel/shared/ship-to';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../accounts/index.js';
import type { AddressBookService } from './service.js';
import { routeDocs } from '../../infra/http/route-docs.js';

const { tags, security } = routeDocs('address book');
const signedIn = { 400: errorSchema, 401: errorSchema };

export const addressBookRoutes: FastifyPluginAsyncZod<{ addressBook: AddressBookService }> = async (
  app,
  { addressBook },
) => {
  app.get(
    '/me/addresses',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        security,
        summary: 'Your address book, oldest first',
        response: { 200: addressBookEntrySchema.array(), ...signedIn },
      },
    },
    async (request) => addressBook.list(currentUser(request).id),
  );

  app.post(
    '/me/addresses',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        security,
        summary: 'Add an address (at most 50; the first is the default)',
        body: addressBookCreateSchema,
        response: { 201: addressBookEntrySchema, ...signedIn, 409: errorSchema },
      },
    },
    async (request, reply) => reply.code(201).send(await addressBook.create(currentUser(request).id, request.body)),
  );

  app.patch(
    '/me/addresses/:id',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        security,
        summary: 'Change an address; `isDefault: true` makes it the default',
        params: idParamsSchema,
        body: addressBookPatchSchema,
        response: { 200: addressBookEntrySchema, ...signedIn, 404: errorSchema },
      },
    },
    async (request) => addressBook.update(currentUser(request).id, request.params.id, request.body),
  );

  app.delete(
    '/me/addresses/:id',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        security,
        summary: 'Remove an address (placed orders keep their copy)',
        params: idParamsSchema,
        response: { 204: z.null(), ...signedIn, 404: errorSchema },
      },
    },
    async (request, reply) => {
      await addressBook.remove(currentUser(request).id, request.params.id);
      return reply.code(204).send(null);
    },
  );
};
