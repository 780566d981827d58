// Companies (B2B §5): a customer's company, its members and invites; the admin's terms and credit limits (the
// company's orders are the orders module's: orders/company-orders-routes.ts). Every call authorizes on the server (the service says who may).
import { auditContextOf } from '../audit/index.js';
import {
  adminCompanyPatchSchema,
  adminCompanySchema,
  companyCreateSchema,
  companyDetailsPatchSchema,
  companySchema,
  errorSchema,
  idParamsSchema,
  inviteCreatedSchema,
  inviteCreateSchema,
  invitePreviewSchema,
  inviteTokenParamsSchema,
  memberParamsSchema,
  memberPatchSchema,
  pendingInviteSchema,
} from '@kestrel/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../accounts/index.js';
import type { CompaniesService } from './service.js';
import { routeDocs } from '../../infra/http/route-docs.js';

const { tags, security } = routeDocs('companies');
const refusals = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema };
const limited = { ...refusals, 429: errorSchema };

export const companyRoutes: FastifyPluginAsyncZod<{ companies: CompaniesService }> = async (app, { companies }) => {
  app.post(
    '/companies',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        security,
        summary: 'Create a company; the caller (in no company yet, else 409) becomes its owner',
        body: companyCreateSchema,
        response: { 201: companySchema, ...refusals },
      },
    },
    async (request, reply) => reply.code(201).send(await companies.create(currentUser(request), request.body)),
  );

  app.get(
    '/companies/mine',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        security,
        summary: "The caller's company with its members (404 without one)",
        response: { 200: companySchema, ...refusals },
      },
    },
    (request) => companies.mine(currentUser(request)),
  );

  app.post(
    '/companies/mine/invites',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        security,
        summary:
          'Invite someone by e-mail (owners with a confirmed e-mail): mails a single-use link valid for 7 days; ' +
          'again within 10 minutes, changes the pending invite without mail (200); 429 past the invite limits',
        body: inviteCreateSchema,
        response: { 200: inviteCreatedSchema, 201: inviteCreatedSchema, ...limited },
      },
    },
    async (request, reply) => {
      const sent = await companies.invite(currentUser(request), request.body);
      return reply.code(sent.mailed ? 201 : 200).send(sent);
    },
  );

  app.patch(
    '/companies/mine',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        security,
        summary: "Change the company's name, tax id or billing address (owners)",
        body: companyDetailsPatchSchema,
        response: { 200: companySchema, ...refusals },
      },
    },
    (request) => companies.updateDetails(currentUser(request), request.body),
  );

  app.get(
    '/invites/:token',
    {
      schema: {
        tags,
        summary: "An invite's company, inviter, role and address, for its link's page (public; 400 once unusable)",
        params: inviteTokenParamsSchema,
        response: { 200: invitePreviewSchema, 400: errorSchema },
      },
    },
    (request) => companies.preview(request.params.token),
  );

  app.get(
    '/companies/mine/invites',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        security,
        summary: "The company's pending invites, newest first (owners)",
        response: { 200: pendingInviteSchema.array(), ...refusals },
      },
    },
    (request) => companies.pendingInvites(currentUser(request)),
  );

  app.delete(
    '/companies/mine/invites/:id',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        security,
        summary: 'Revoke a pending invite (owners); its link stops working',
        params: idParamsSchema,
        response: { 204: z.null(), ...refusals },
      },
    },
    async (request, reply) => {
      await companies.revokeInvite(currentUser(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/invites/:token/accept',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        security,
        summary: 'Accept an invite signed in with the invited e-mail: join the company (the e-mail becomes verified)',
        params: inviteTokenParamsSchema,
        response: { 200: companySchema, ...refusals },
      },
    },
    (request) => companies.accept(currentUser(request), request.params.token),
  );

  app.patch(
    '/companies/mine/members/:userId',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        security,
        summary: "Change a member's role or spending limit (owners); the last owner stays an owner (409)",
        params: memberParamsSchema,
        body: memberPatchSchema,
        response: { 200: companySchema, ...refusals },
      },
    },
    (request) => companies.changeMember(currentUser(request), request.params.userId, request.body),
  );

  app.delete(
    '/companies/mine/members/:userId',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        security,
        summary: 'Remove a member (owners); the last owner cannot be removed (409)',
        params: memberParamsSchema,
        response: { 204: z.null(), ...refusals },
      },
    },
    async (request, reply) => {
      await companies.removeMember(currentUser(request), request.params.userId);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/admin/companies',
    {
      onRequest: app.requirePermission('companies.read'),
      schema: {
        tags,
        security,
        summary: 'Every company with its terms, credit limit, open balance and member count (admin)',
        response: { 200: adminCompanySchema.array(), ...refusals },
      },
    },
    () => companies.adminList(),
  );

  app.get(
    '/admin/companies/:id',
    {
      onRequest: app.requirePermission('companies.read'),
      schema: {
        tags,
        security,
        summary: 'One company with its billing address, terms, balance and members (admin)',
        params: idParamsSchema,
        response: { 200: companySchema, ...refusals },
      },
    },
    (request) => companies.adminGet(request.params.id),
  );

  app.patch(
    '/admin/companies/:id',
    {
      onRequest: app.requirePermission('finance.manage'),
      schema: {
        tags,
        security,
        summary: "Set a company's payment terms and credit limit (admin)",
        params: idParamsSchema,
        body: adminCompanyPatchSchema,
        response: { 200: adminCompanySchema, ...refusals },
      },
    },
    (request) => companies.adminUpdate(request.params.id, request.body, auditContextOf(request)),
  );
};
