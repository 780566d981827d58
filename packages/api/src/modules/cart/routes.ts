// The cart calls (B2B §3): read, replace, add by SKU, check out, and reorder a past order into it.
import {
  cartAddSchema,
  cartTotalsBodySchema,
  cartTotalsSchema,
  cartPutSchema,
  cartSchema,
  cartWithRejectedSchema,
  checkoutBodySchema,
  errorSchema,
  idParamsSchema,
  orderPlacedSchema,
  orderLinesErrorSchema,
} from '@kestrel/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../accounts/index.js';
import type { CartService } from './service.js';
import { routeDocs } from '../../infra/http/route-docs.js';

const { tags, security } = routeDocs('cart');
const signedIn = { 400: errorSchema, 401: errorSchema };

export const cartRoutes: FastifyPluginAsyncZod<{ cart: CartService }> = async (app, { cart }) => {
  app.get(
    '/cart',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        security,
        summary: 'Your cart, priced now (it reserves nothing)',
        response: { 200: cartSchema, ...signedIn },
      },
    },
    async (request) => cart.getCart(currentUser(request)),
  );

  app.put(
    '/cart',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        security,
        summary: 'Replace your cart',
        body: cartPutSchema,
        response: { 200: cartSchema, ...signedIn },
      },
    },
    async (request) => cart.putCart(currentUser(request), request.body.lines),
  );

  app.post(
    '/cart/lines',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        security,
        summary:
          'Add lines by SKU (quantities of one product add up); unknown SKUs and bad quantities come back rejected',
        body: cartAddSchema,
        response: { 200: cartWithRejectedSchema, 409: errorSchema, ...signedIn },
      },
    },
    async (request) => cart.addLines(currentUser(request), request.body.lines),
  );

  app.post(
    '/cart/totals',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        security,
        summary:
          "Your cart priced as its order would be now, with the tax to the ship-to given (none: the shop country's rate)",
        body: cartTotalsBodySchema,
        response: { 200: cartTotalsSchema, 403: errorSchema, 404: errorSchema, ...signedIn },
      },
    },
    async (request) => cart.totals(currentUser(request), request.body.shipTo),
  );

  app.post(
    '/cart/checkout',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        security,
        summary: 'Place one order from your cart, all lines or none; the cart is emptied of them',
        body: checkoutBodySchema,
        response: {
          201: orderPlacedSchema,
          400: orderLinesErrorSchema,
          401: errorSchema,
          409: errorSchema,
        },
      },
    },
    async (request, reply) => {
      const order = await cart.checkout(currentUser(request), request.body);
      return reply.code(201).send({ insertedId: order._id, order });
    },
  );

  app.post(
    '/orders/:id/reorder',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        security,
        summary: "Add one of your orders' lines to your cart at today's prices; deleted products come back rejected",
        params: idParamsSchema,
        response: { 200: cartWithRejectedSchema, 404: errorSchema, 409: errorSchema, ...signedIn },
      },
    },
    async (request) => cart.reorder(currentUser(request), request.params.id),
  );
};
