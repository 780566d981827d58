// Company locations (B2B §12): GET (members) and POST /api/companies/mine/locations, PATCH / DELETE
// /api/companies/mine/locations/{id} (owners). A location of another company does not exist to the caller (404).
import { errorSchema, idParamsSchema } from '@kestrel/shared';
import { companyLocationSchema, locationCreateSchema, locationPatchSchema } from '@kestrel/shared/ship-to';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../accounts/index.js';
import type { LocationsService } from './locations.js';
import { routeDocs } from '../../infra/http/route-docs.js';

const { tags, security } = routeDocs('companies');
const refusals = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema };

export const locationRoutes: FastifyPluginAsyncZod<{ locations: LocationsService }> = async (app, { locations }) => {
  app.get(
    '/companies/mine/locations',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        security,
        summary: "Your company's ship-to locations, oldest first (members)",
        response: { 200: companyLocationSchema.array(), ...refusals },
      },
    },
    async (request) => locations.list(currentUser(request)),
  );

  app.post(
    '/companies/mine/locations',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        security,
        summary: 'Add a ship-to location (owners; at most 200; the first is the default)',
        body: locationCreateSchema,
        response: { 201: companyLocationSchema, ...refusals },
      },
    },
    async (request, reply) => reply.code(201).send(await locations.create(currentUser(request), request.body)),
  );

  app.patch(
    '/companies/mine/locations/:id',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        security,
        summary: 'Change a location (owners); `isDefault: true` makes it the default',
        params: idParamsSchema,
        body: locationPatchSchema,
        response: { 200: companyLocationSchema, ...refusals },
      },
    },
    async (request) => locations.update(currentUser(request), request.params.id, request.body),
  );

  app.delete(
    '/companies/mine/locations/:id',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        security,
        summary: 'Delete a location (owners); placed orders keep their copy of it',
        params: idParamsSchema,
        response: { 204: z.null(), ...refusals },
      },
    },
    async (request, reply) => {
      await locations.remove(currentUser(request), request.params.id);
      return reply.code(204).send(null);
    },
  );
};
