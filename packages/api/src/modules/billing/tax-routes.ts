// The admin's tax settings over HTTP (B2B §13): the rate table, read and replaced whole, and the shop's country and
// tax id as configured (SHOP_COUNTRY, SHOP_TAX_ID), which the Tax page shows beside it.
import { auditContextOf } from '../audit/index.js';
import {
  errorSchema,
  taxRatesErrorSchema,
  taxRatesPutSchema,
  taxRatesSchema,
  taxSettingsSchema,
} from '@kestrel/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { TaxService } from './tax-rates.js';
import { routeDocs } from '../../infra/http/route-docs.js';

const { tags, security } = routeDocs('tax');
const refusals = { 401: errorSchema, 403: errorSchema };

export const taxRoutes: FastifyPluginAsyncZod<{ tax: TaxService }> = async (app, { tax }) => {
  app.get(
    '/admin/tax-rates',
    {
      onRequest: app.requirePermission('admin.manage'),
      schema: { tags, security, summary: 'The tax-rate table (admin)', response: { 200: taxRatesSchema, ...refusals } },
    },
    async () => ({ rates: await tax.list() }),
  );

  app.put(
    '/admin/tax-rates',
    {
      onRequest: app.requirePermission('admin.manage'),
      schema: {
        tags,
        security,
        summary:
          'Replace the tax-rate table (admin), all or nothing: 400 with error.rows [{ index, message }] naming every bad row',
        body: taxRatesPutSchema,
        response: { 200: taxRatesSchema, 400: taxRatesErrorSchema, ...refusals },
      },
    },
    async (request) => ({ rates: await tax.replace(request.body.rates, auditContextOf(request)) }),
  );

  app.get(
    '/admin/tax-settings',
    {
      onRequest: app.requirePermission('admin.manage'),
      schema: {
        tags,
        security,
        summary: "The shop's country and tax id as configured (SHOP_COUNTRY, SHOP_TAX_ID; admin)",
        response: { 200: taxSettingsSchema, ...refusals },
      },
    },
    () => tax.settings(),
  );
};
