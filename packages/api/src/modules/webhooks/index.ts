// The webhooks module's public entry: the service (endpoints, event recording, delivery), its job and routes, and the
// pieces the order write folds into its own statements.
export { WEBHOOK_DELIVERY_JOB, webhookDeliveryJob } from './delivery-job.js';
export { eventInsertCte, eventParameters } from './messages-repository.js';
export { webhookRoutes } from './routes.js';
export { createWebhooksService, type EventBatch, type WebhooksDeps, type WebhooksService } from './service.js';
export type { Resolve } from './address-policy.js';
