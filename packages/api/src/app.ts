// buildApp(config): the whole backend as one Fastify instance; tests build it without a port, server.ts listens.
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { can } from '@kestrel/shared';
import type { ZodType } from 'zod';
import { trustProxyOption, type Config } from './infra/config.js';
import { migrate, openDatabase, type Db, type OpenDatabase } from './infra/db/create-db.js';
import { AnswerReplay } from './infra/http/answer-replay.js';
import { docsPlugin } from './infra/http/docs.js';
import { emptyJsonBodyPlugin } from './infra/http/empty-json-body.js';
import { errorsPlugin } from './infra/http/errors-plugin.js';
import { gracefulClosePlugin } from './infra/http/graceful-close.js';
import { healthRoutes } from './infra/http/health-routes.js';
import { responseSerializerCompiler, type Serialize } from './infra/http/serialize.js';
import { bareSecurityHeaders, securityPlugin } from './infra/http/security.js';
import { hasWebBuild, staticWebPlugin, WEB_DIST } from './infra/http/static-web.js';
import { readWebShell } from './infra/http/web-shell.js';
import { notFoundPage, storefrontPageRoutes } from './modules/storefront-pages/index.js';
import { createSealer } from './infra/sealed.js';
import { createJobRunner } from './infra/jobs/job-runner.js';
import { loggerOptions, type LogStream } from './infra/observability/log-output.js';
import { metricsPlugin } from './infra/observability/metrics-plugin.js';
import { requestIdPlugin } from './infra/http/request-id-plugin.js';
import { requestIdGenerator } from './infra/http/request-id.js';
import type { LimiterStore } from './infra/rate-limit/limiter.js';
import { rateLimitPlugin } from './infra/rate-limit/rate-limit-plugin.js';
import {
  accountPruneJob,
  accountsRoutes,
  createTwoFactorGate,
  authPlugin,
  createAccountsService,
  loadAuthSecret,
} from './modules/accounts/index.js';
import { auditRoutes, createAuditService } from './modules/audit/index.js';
import { apiKeyPlugin, apiKeyRoutes, createApiKeysService } from './modules/api-keys/index.js';
import { cartRoutes, createCartService } from './modules/cart/index.js';
import { createListsService, listRoutes } from './modules/lists/index.js';
import { addressBookRoutes, createAddressBookService } from './modules/ship-to/index.js';
import { createTaxService, taxRoutes } from './modules/billing/index.js';
import { catalogRoutes, createCatalogService, productsCsvRoutes } from './modules/catalog/index.js';
import {
  contractPriceRoutes,
  createContractPricesService,
  memberPricesOfRequest,
} from './modules/contract-prices/index.js';
import { createDocumentsService, documentRoutes } from './modules/documents/index.js';
import { createImageService, createImageStore, imagesRoutes } from './modules/images/index.js';
import { createMailService, MAIL_DELIVERY_JOB, mailDeliveryJob, type MailService } from './modules/mail/index.js';
import { billingRoutes, cardRefundJob, createBillingService } from './modules/billing/index.js';
import { createOrdersService, orderExpiryJob, orderRoutes, type OrdersService } from './modules/orders/index.js';
import {
  createPaymentProvider,
  createPaymentsService,
  paymentSweepJob,
  paymentRoutes,
  type PaymentProvider,
  type PaymentsService,
} from './modules/payments/index.js';
import {
  companyRoutes,
  createCompaniesService,
  createLocationsService,
  createMembershipReader,
  findUserCompany,
  locationRoutes,
} from './modules/companies/index.js';
import { createProfilesService, profileRoutes } from './modules/profiles/index.js';
import {
  createConnectionsService,
  createOrderRequests,
  createPunchoutService,
  createVisitsService,
  punchoutAdminRoutes,
  punchoutProtocolRoutes,
  punchoutSessionRoutes,
} from './modules/punchout/index.js';
import { createQuotesService, quoteExpiryJob, quoteRoutes, type QuotesService } from './modules/quotes/index.js';
import { createReturnsService, returnRoutes } from './modules/returns/index.js';
import { createReviewsService, reviewRoutes } from './modules/reviews/index.js';
import { createStatsService, statsRoutes } from './modules/stats/index.js';
import {
  createWebhooksService,
  WEBHOOK_DELIVERY_JOB,
  webhookDeliveryJob,
  webhookRoutes,
  type Resolve,
  type WebhooksService,
} from './modules/webhooks/index.js';
import { seedDatabase } from './seed/index.js';
import { checkLocalFolders } from './infra/local-folders.js';
import { PreRoutingRefusals } from './infra/http/pre-routing-refusals.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Kysely over the app's database (infrastructure: health; tests read tables through it). */
    db: Db;
    /** The same database with its SQLite handle, for tests of the one synchronous write (ADR 008). */
    database: OpenDatabase;
    config: Config;
    /** The mail outbox (tests deliver it with app.mail.deliverDue()). */
    mail: MailService;
    /** The orders service (tests run an expiry pass now with app.orders.expireDue()). */
    orders: OrdersService;
    /** The payments service (tests void and refund through it: app.payments.releaseIntent / refundOrder). */
    payments: PaymentsService;
    /** The webhooks service (tests deliver with app.webhooks.deliverDue()). */
    webhooks: WebhooksService;
    /** The quotes service (tests run an expiry pass now with app.quotes.expireDue()). */
    quotes: QuotesService;
    /** Answers replayed below Fastify (tests count them: app.answerReplay.replayed). */
    answerReplay: AnswerReplay;
  }
}

export interface BuildOptions {
  /** Another storefront build folder (tests); default packages/web/dist. */
  webDist?: string;
  /** URLs per sitemap file (B2B §18: 50,000); tests lower it to see the sitemap index at a few products. */
  sitemapLimit?: number;
  /** Rate-limit counters other than those the config selects (the sqlmap fault test lifts the limits). */
  limiters?: LimiterStore;
  /** A payment provider to use instead of the one the config selects (tests point Stripe at a local stand-in). */
  paymentProvider?: PaymentProvider;
  /** Webhook delivery's clock and host name resolution (tests move time and point names at loopback). */
  webhooks?: { now?: () => Date; resolve?: Resolve };
  /** The accounts' clock: sessions, links, two-step codes and challenges (tests move it). */
  accounts?: { now?: () => number };
  /** The quotes' clock of validUntil and expiry (tests move it). */
  quotes?: { now?: () => number };
  /** Where the log lines go instead of stdout (tests read them back). */
  logStream?: LogStream;
  /** How long GET /metrics caches the shop's figures (tests: 0, to read them afresh). */
  metricsFiguresCacheMs?: number;
}

export const BODY_LIMIT_BYTES = 256 * 1024;

/**
 * Slow clients may not hold connections open: headers must arrive within 10 s and the whole request within 60 s
 * (Fastify's default of 0 would disable Node's limit); both are checked every 2 s. Idle keep-alive connections close
 * after 72 s (Fastify's default, kept above the 60 s idle time-out of common load balancers).
 */
export const SERVER_TIMEOUTS = {
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 60_000,
  keepAliveTimeoutMs: 72_000,
  checkEveryMs: 2_000,
};

export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  // Before anything opens a file there: an unwritable folder is named with the setting that chose it.
  await checkLocalFolders(config.localFolders);
  // X-Request-Id (infra/http/request-id.ts): a trusted proxy's id, else a fresh one; logged as reqId.
  const requestId = requestIdGenerator(config.trustProxy);
  // Two log lines per request cost more than the hot paths themselves; errors are still logged. debug/trace turn them on.
  const requestLogging = ['debug', 'trace'].includes(config.logLevel);
  // The busiest anonymous reads answered again below Fastify while their lists are unchanged (http/answer-replay.ts);
  // off when a per-minute limit or per-request logging must see every request.
  const replay = new AnswerReplay({
    enabled: config.rateLimitPerMinute === undefined && !requestLogging,
    requestId,
  });
  const refusals: PreRoutingRefusals = new PreRoutingRefusals(
    bareSecurityHeaders(config),
    requestId.fresh,
    (): FastifyBaseLogger => app.log,
  );
  const app = Fastify({
    serverFactory: replay.serverFactory,
    logger: loggerOptions(config.logLevel, options.logStream),
    genReqId: requestId,
    requestIdHeader: false,
    logController: new LogController({ disableRequestLogging: !requestLogging }),
    trustProxy: trustProxyOption(config.trustProxy),
    bodyLimit: BODY_LIMIT_BYTES,
    requestTimeout: SERVER_TIMEOUTS.requestTimeoutMs,
    keepAliveTimeout: SERVER_TIMEOUTS.keepAliveTimeoutMs,
    http: {
      headersTimeout: SERVER_TIMEOUTS.headersTimeoutMs,
      connectionsCheckingInterval: SERVER_TIMEOUTS.checkEveryMs,
    },
    // Answer 503 to new requests while closing, and finish the ones in flight.
    return503OnClosing: true,
    forceCloseConnections: 'idle',
    // Refused before routing (a malformed URL, what Node's parser refuses): answered in the API's shape, with an id
    // and the security headers (no hook has run), and counted (infra/http/pre-routing-refusals.ts).
    frameworkErrors: refusals.badUrl,
    clientErrorHandler: refusals.clientError,
  });
  app.setValidatorCompiler(validatorCompiler);
  // Every answer leaves through its response schema: only the fields it names go out (infra/http/serialize.ts). Each
  // is compiled by the first answer that needs it rather than at start, where compiling all ~170 of them took a tenth
  // of the start-up (bench/results/history.md, "Memory and start-up").
  app.setSerializerCompiler<ZodType>((route) => {
    let serialize: Serialize | undefined;
    return (data) => (serialize ??= responseSerializerCompiler(route))(data);
  });

  // First, so every answer carries X-Request-Id, even one refused by a later hook.
  await app.register(requestIdPlugin);
  await app.register(errorsPlugin);
  await app.register(emptyJsonBodyPlugin);
  await app.register(gracefulClosePlugin);
  app.addHook('preClose', async () => replay.close());
  app.decorate('answerReplay', replay);

  // The database: opened, migrated, and closed after the requests in flight (onClose runs once they have finished).
  const database = openDatabase(
    config.database,
    (error) => app.log.warn({ err: error }, 'idle database connection lost'),
    (error) =>
      app.log.error(
        { err: error },
        'the database reader cannot open the database: catalogue searches and the admin figures fail until it can',
      ),
  );
  app.addHook('onClose', async () => {
    await database.timedPools?.end();
    await database.db.destroy();
  });
  // When closing starts, not after the requests in flight: a search still running must not hold up the shutdown; it
  // answers 503 at once (docs/architecture.md, "No request holds the event loop").
  app.addHook('preClose', async () => database.reader?.close());
  // Started before the first search needs it, once the server listens (app.inject tests start it only if they search).
  app.addHook('onListen', async () => database.reader?.warm());
  await migrate(database.db);
  const { db } = database;
  app.decorate('db', db);
  app.decorate('database', database);
  app.decorate('config', config);

  // Background work (ADR 005): started once the server listens, so neither start-up nor app.inject tests pay for it,
  // and stopped before the database closes (onClose hooks run last-registered first).
  const jobs = createJobRunner(config.database, app.log);
  const site = { name: 'Kestrel Components', publicUrl: config.publicUrl };
  const authSecret = loadAuthSecret(config.authSecret, config.dataDir);
  const mail = createMailService({
    database,
    config: config.mail,
    site,
    log: app.log,
    sealer: createSealer(authSecret, 'mail-outbox'),
    wake: () => jobs.wake(MAIL_DELIVERY_JOB),
  });
  jobs.every(mailDeliveryJob(mail));
  app.decorate('mail', mail);
  // The modules, each handed what it needs; their state (caches, sessions) lives in these objects, one set per app.
  const accounts = createAccountsService(db, authSecret, { mail, ...options.accounts });
  jobs.every(accountPruneJob(accounts));
  const webhooks = createWebhooksService({
    database,
    mail,
    adminEmails: async () => (await accounts.listUsers()).filter((u) => can(u, 'admin.manage')).map((u) => u.email),
    allowPrivate: config.webhookAllowPrivate,
    wake: () => jobs.wake(WEBHOOK_DELIVERY_JOB),
    ...options.webhooks,
  });
  jobs.every(webhookDeliveryJob(webhooks));
  app.decorate('webhooks', webhooks);
  const catalog = createCatalogService({ database, searchBudgetMs: config.searchBudgetMs, webhooks });
  const reviews = createReviewsService(db);
  const profiles = createProfilesService(db, accounts);
  // B2B §5 contract prices: the catalogue shows them to members, the cart and the order charge them.
  const contractPrices = createContractPricesService({ db });
  // B2B §13: the tax-rate table (kept in memory) and the one computation of an order's tax.
  const tax = createTaxService({ db, shopCountry: config.shopCountry, shopTaxId: config.shopTaxId });
  app.addHook('onListen', async () => {
    // Not awaited: listening is not delayed. It never rejects; a failed start is logged and tried again.
    void jobs.start();
  });
  app.addHook('onClose', async () => {
    await jobs.stop();
    await mail.close();
    webhooks.close();
  });
  // Who is in which company, remembered for a second for the order path; every company change forgets it.
  const memberships = createMembershipReader(db);
  // The personal address book (B2B §12): a signed-in user's own ship-to addresses (orders read its entries).
  const addressBook = createAddressBookService(database);
  // Accounts receivable (issue #48): the open balance, the credit check and the company account. It reads companies;
  // orders and companies reach it only through what is handed to them here.
  // Card refunds of partial credits (B2B §14) go through payments' provider, built below.
  const billing = createBillingService({ db, refunder: () => payments.provider, log: app.log });
  jobs.every(cardRefundJob(billing));
  const orders = createOrdersService({
    addressBook,
    database,
    catalog,
    accounts,
    maxOpenOrders: config.maxOpenOrders,
    orderHoldMinutes: config.orderHoldMinutes,
    mail,
    shopNotifyEmail: config.mail.shopNotify,
    webhooks,
    // Voiding intents and refunds (B2B §4); read when a transition runs, after `payments` below exists.
    payments: () => payments,
    billing,
    log: app.log,
    contractPrices,
    memberships,
    tax,
  });
  jobs.every(orderExpiryJob(orders));
  app.decorate('orders', orders);
  const cart = createCartService({ db, catalog, orders, contractPrices });
  // Requisition lists (B2B §16): priced by the cart's pricing and added to the cart through its public entry.
  const lists = createListsService({ db, postgres: !database.sqlite, catalog, cart });
  const documents = createDocumentsService({
    db,
    orders,
    sellerTaxId: config.shopTaxId,
    shopCountry: config.shopCountry,
  });
  // Company locations (B2B §12); a change is a change to what the order path remembers of a membership.
  const locations = createLocationsService(db, () => memberships.forget());
  // Quotes (B2B §10): an accepted offer is placed through the orders service; a request may come from the cart.
  const quotes = createQuotesService({
    database,
    catalog,
    orders,
    cart,
    mail,
    webhooks,
    contractPrices,
    ...options.quotes,
  });
  jobs.every(quoteExpiryJob(quotes));
  app.decorate('quotes', quotes);
  // Returns (B2B §14): the received units are credited through billing's one way to credit an order.
  const returns = createReturnsService({
    db,
    orders,
    mail,
    webhooks,
    // The card refunds a receipt leaves due are made just after its commit (the card-refund job retries a failure).
    credit: {
      creditOrder: (trx, credit) => billing.creditOrder(trx, credit),
      afterCredit: async () => {
        await billing.refundAllDue();
      },
    },
    stockMoved: () => catalog.stockMoved(),
    returnDays: config.returnDays,
  });
  // Companies (B2B §5): members, invites, terms; accepting an invite confirms the e-mail, so sessions re-read it.
  const companies = createCompaniesService({
    db,
    balances: billing,
    mail,
    sessionsChanged: () => accounts.sessions.forgetChecked(),
    membershipsChanged: () => memberships.forget(),
  });
  const provider = options.paymentProvider ?? createPaymentProvider(config, db);
  const payments = createPaymentsService({ db, provider, orders, log: app.log });
  jobs.every(paymentSweepJob(payments));
  app.decorate('payments', payments);
  const apiKeys = createApiKeysService(db);
  // Punch-out (B2B §17): the cart's own pricing goes back to the system; its purchase orders go through the orders.
  const visits = createVisitsService({
    db,
    publicUrl: config.publicUrl,
    unspsc: config.punchoutUnspsc,
    sessions: accounts.sessions,
    cart,
  });
  const punchoutConnections = createConnectionsService({
    db,
    publicUrl: config.publicUrl,
    endSessionsOf: (id) => visits.endSessionsOf(id),
  });
  const punchout = createPunchoutService({
    db,
    visits,
    placeOrder: createOrderRequests({ db, catalog, orders }),
  });
  const imageStore = await createImageStore(config);
  app.addHook('onClose', async () => imageStore.close?.());
  const images = createImageService(imageStore);
  // The seed runs while the routes are registered: at a restart it is one password check, 15-50 ms of argon2 on
  // libuv's threads that the event loop need not sit out. It is awaited before the app is returned, so nothing
  // listens before the administrator exists; the empty catch only stops its failure counting as unhandled meanwhile.
  const seeded = seedDatabase({ db, accounts, catalog, reviews, images }, config, app.log);
  seeded.catch(() => undefined);

  await app.register(authPlugin, {
    sessions: accounts.sessions,
    twoFactorRefusal: createTwoFactorGate(config.staffTwoFactor, accounts.twoFactor.isOn),
  });
  await app.register(securityPlugin, { config });
  // After the security plugin: its onRequest hook sets the headers a 429 of RATE_LIMIT_PER_MINUTE must carry too.
  await app.register(rateLimitPlugin, { config, limiters: options.limiters });
  // After the rate limit, so a flood of made-up keys is limited before it costs a lookup each.
  await app.register(apiKeyPlugin, { keys: apiKeys });
  await app.register(docsPlugin);
  await app.register(metricsPlugin, {
    token: config.metricsToken,
    database,
    jobs,
    figuresCacheMs: options.metricsFiguresCacheMs,
    replay,
    refusals,
  });
  await app.register(
    async (api) => {
      await api.register(healthRoutes);
      await api.register(accountsRoutes, { accounts, companyOf: (userId) => findUserCompany(db, userId) });
      await api.register(catalogRoutes, {
        catalog,
        memberPrices: memberPricesOfRequest(accounts.sessions, contractPrices),
        replay,
      });
      await api.register(contractPriceRoutes, { prices: contractPrices });
      await api.register(productsCsvRoutes, { database, catalog, webhooks });
      await api.register(reviewRoutes, { reviews, replay });
      await api.register(orderRoutes, { orders });
      await api.register(documentRoutes, { documents });
      await api.register(cartRoutes, { cart });
      await api.register(profileRoutes, { profiles });
      await api.register(paymentRoutes, { payments });
      await api.register(imagesRoutes, { store: imageStore, images });
      await api.register(apiKeyRoutes, { keys: apiKeys });
      await api.register(webhookRoutes, { webhooks });
      await api.register(statsRoutes, { stats: createStatsService({ database, budgetMs: config.searchBudgetMs }) });
      await api.register(companyRoutes, { companies });
      await api.register(billingRoutes, { billing });
      await api.register(quoteRoutes, { quotes });
      await api.register(returnRoutes, { returns });
      await api.register(listRoutes, { lists });
      await api.register(addressBookRoutes, { addressBook });
      await api.register(locationRoutes, { locations });
      await api.register(auditRoutes, { audit: createAuditService({ db }) });
      await api.register(punchoutAdminRoutes, { connections: punchoutConnections });
      await api.register(taxRoutes, { tax });
      await api.register(punchoutSessionRoutes, { visits, sessions: accounts.sessions });
    },
    { prefix: '/api' },
  );
  await app.register(punchoutProtocolRoutes, { punchout, host: new URL(config.publicUrl).host });
  // The pages the server answers as HTML (B2B §18), from the storefront build's index.html; none without a build.
  const webDist = options.webDist ?? WEB_DIST;
  const shell = hasWebBuild(webDist) ? readWebShell(webDist) : undefined;
  if (shell) {
    await app.register(storefrontPageRoutes, {
      shell,
      database,
      catalog,
      publicUrl: config.publicUrl,
      budgetMs: config.searchBudgetMs,
      sitemapLimit: options.sitemapLimit,
    });
  }
  await app.register(staticWebPlugin, { webDist, ...(shell ? { pageNotFound: notFoundPage(shell) } : {}) });
  try {
    await seeded;
  } catch (error) {
    // The database's pools and the image store's client closed, so a caller that goes on (a test) leaks nothing.
    await app.close();
    throw error;
  }
  return app;
}
