// Picks the payment provider from the validated config (docs/product.md §2): Stripe when its secret key is set,
// otherwise the built-in sandbox card processor.
import type { Config } from '../../infra/config.js';
import type { Db } from '../../infra/db/create-db.js';
import type { PaymentProvider } from './payment-provider.js';
import { SandboxProcessor } from './sandbox-processor.js';
import { StripeProvider } from './stripe-provider.js';

export function createPaymentProvider(config: Config, db: Db): PaymentProvider {
  if (config.stripe) {
    return new StripeProvider({
      secretKey: config.stripe.secretKey,
      publishableKey: config.stripe.publishableKey,
      webhookSecret: config.stripe.webhookSecret,
    });
  }
  return new SandboxProcessor(db);
}
