// The payments module's public entry: what app.ts and tests' app builds may use.
export { createPaymentProvider } from './create-provider.js';
export type { PaymentProvider } from './payment-provider.js';
export { paymentRoutes } from './routes.js';
export { createPaymentsService, type PaymentsService, type SweepReport } from './service.js';
export { PAYMENT_SWEEP_JOB, paymentSweepJob } from './sweep-job.js';
