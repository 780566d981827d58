// The payment calls of docs/product.md §15 under docs/product.md §6, registered under /api by app.ts. Routes only validate,
// call the payment service and map to HTTP; the provider is chosen once from the config.
import {
  clientSecretSchema,
  errorSchema,
  idParamsSchema,
  orderPayBodySchema,
  orderSchema,
  paymentConfigSchema,
  paymentIntentBodySchema,
} from '@kestrel/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../accounts/index.js';
import type { PaymentsService } from './service.js';
import { SandboxProcessor } from './sandbox-processor.js';
import { sandboxRoutes } from './sandbox-routes.js';
import { StripeProvider } from './stripe-provider.js';
import { stripeWebhookRoutes } from './stripe-webhook-routes.js';
import { routeDocs } from '../../infra/http/route-docs.js';

const { tags, security } = routeDocs('payments');
const errors = { 400: errorSchema, 401: errorSchema, 402: errorSchema, 404: errorSchema, 409: errorSchema };

export const paymentRoutes: FastifyPluginAsyncZod<{ payments: PaymentsService }> = async (app, { payments }) => {
  const { provider } = payments;

  app.get(
    '/payments/config',
    { schema: { tags, summary: 'Which card form the Payment page shows', response: { 200: paymentConfigSchema } } },
    async () => ({ provider: provider.name, publishableKey: provider.publishableKey }),
  );

  app.post(
    '/create-payment-intent',
    {
      onRequest: app.requireUser,
      schema: { tags, security, body: paymentIntentBodySchema, response: { 200: clientSecretSchema, ...errors } },
    },
    // A `price` in the body is ignored: the amount is the order's total as the server computed it.
    async (request) => payments.createPaymentIntent(currentUser(request), request.body.orderId),
  );

  app.patch(
    '/orders/:id',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        security,
        summary: 'Mark an order paid with a transactionId the provider confirms',
        params: idParamsSchema,
        body: orderPayBodySchema,
        response: { 200: orderSchema, ...errors },
      },
    },
    async (request) => payments.payOrder(currentUser(request), request.params.id, request.body.transactionId),
  );

  if (provider instanceof SandboxProcessor) await app.register(sandboxRoutes, { processor: provider });
  if (provider instanceof StripeProvider) await app.register(stripeWebhookRoutes, { provider, payments });
};
