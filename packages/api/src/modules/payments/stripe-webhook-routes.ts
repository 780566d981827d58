// POST /api/webhooks/stripe: Stripe's signed notification that a payment succeeded marks the order paid even if the
// customer's browser never came back. The signature covers the exact bytes sent, so this route keeps the raw body.
import { errorSchema } from '@kestrel/shared';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { PaymentsService } from './service.js';
import type { StripeProvider } from './stripe-provider.js';

const receivedSchema = z.object({ received: z.literal(true), outcome: z.string() });

export const stripeWebhookRoutes: FastifyPluginAsync<{ provider: StripeProvider; payments: PaymentsService }> = async (
  app,
  { provider, payments },
) => {
  // This plugin is encapsulated: only its own route sees JSON as an unparsed Buffer.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  app.post(
    '/webhooks/stripe',
    {
      schema: {
        tags: ['payments'],
        summary: 'Stripe webhook (payment_intent.succeeded)',
        response: { 200: receivedSchema, 400: errorSchema },
      },
    },
    async (request) => {
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const header = request.headers['stripe-signature'];
      const outcome = provider.parseWebhook(raw, typeof header === 'string' ? header : undefined);
      if (outcome.kind === 'ignored') return { received: true as const, outcome: 'ignored' };
      const result = await payments.settleFromNotification(outcome.intent);
      request.log.info({ eventId: outcome.eventId, intentId: outcome.intent.id, result }, 'stripe webhook');
      // Stripe retries anything but 2xx; a payment that does not match its order will not match on a retry either.
      return { received: true as const, outcome: result };
    },
  );
};
