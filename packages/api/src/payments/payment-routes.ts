// The payment calls of SPEC.md §7 under PRODUCT.md §6, registered under /api by app.ts. Routes only validate,
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
import { currentUser } from '../plugins/auth.js';
import { createPaymentProvider } from './create-provider.js';
import type { PaymentProvider } from './payment-provider.js';
import { createPaymentIntent, payOrder } from './payment-service.js';
import { SandboxProcessor } from './sandbox-processor.js';
import { sandboxRoutes } from './sandbox-routes.js';
import { StripeProvider } from './stripe-provider.js';
import { stripeWebhookRoutes } from './stripe-webhook-routes.js';

export interface PaymentRoutesOptions {
  /** A provider to use instead of the one the config selects (tests point Stripe at a local stand-in). */
  provider?: PaymentProvider;
}

const tags = ['payments'];
const security = [{ bearer: [] }];
const errors = { 400: errorSchema, 401: errorSchema, 402: errorSchema, 404: errorSchema, 409: errorSchema };

export const paymentRoutes: FastifyPluginAsyncZod<PaymentRoutesOptions> = async (app, options) => {
  const provider = options.provider ?? createPaymentProvider(app.config, app.db);

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
    async (request) => createPaymentIntent(app.db, provider, currentUser(request), request.body.orderId),
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
    async (request) => payOrder(app.db, provider, currentUser(request), request.params.id, request.body.transactionId),
  );

  if (provider instanceof SandboxProcessor) await app.register(sandboxRoutes, { processor: provider });
  if (provider instanceof StripeProvider) await app.register(stripeWebhookRoutes, { provider });
};
