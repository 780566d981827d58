// The sandbox processor's own endpoint, only present when the sandbox is the provider. It stands where Stripe's API
// stands for Stripe.js: the browser confirms an intent with its client secret and the card; no shop token is needed,
// the client secret is the capability. Card data stops here: only the last four digits of a charge are kept.
import { errorSchema, paymentIntentViewSchema, sandboxConfirmBodySchema } from '@kestrel/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { SandboxProcessor } from './sandbox-processor.js';

export const sandboxRoutes: FastifyPluginAsyncZod<{ processor: SandboxProcessor }> = async (app, { processor }) => {
  app.post(
    '/sandbox/confirm',
    {
      schema: {
        tags: ['payments'],
        summary: 'Confirm a sandbox payment intent with a card (the built-in stand-in for Stripe)',
        body: sandboxConfirmBodySchema,
        response: { 200: paymentIntentViewSchema, 400: errorSchema, 404: errorSchema },
      },
    },
    async (request) => {
      const { clientSecret, cardNumber, expMonth, expYear, cvc } = request.body;
      return processor.confirm(clientSecret, { cardNumber, expMonth, expYear, cvc });
    },
  );
};
