import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import cookie from '@fastify/cookie';
import cors from '@fastify/cors';
import formbody from '@fastify/formbody';
import swagger from '@fastify/swagger';
import { parse as parseQuery } from 'node:querystring';
import { randomUUID } from 'node:crypto';
import { readEnv, trustedProxies, VERSION, type Env } from './config';
import { openDatabase } from './db/open';
import type { Database } from './db/types';
import { migrate } from './db/migrate';
import { seedFromContent } from './db/seed';
import { installErrorHandling } from './envelope';
import { usersRepository } from './repositories/users';
import { cartRepository } from './repositories/cart';
import { catalogueRepository } from './repositories/catalogue';
import { cmsRepository } from './repositories/cms';
import { subscriptionsRepository } from './repositories/subscriptions';
import { errorReportsRepository } from './repositories/error-reports';
import { analyticsRollupTask } from './analytics/dashboard/rollup';
import { chatRepository } from './repositories/chat';
import { rateLimitsRepository } from './repositories/rate-limits';
import { authThrottleRepository } from './repositories/auth-throttle';
import { accountTokensRepository } from './repositories/account-tokens';
import { idempotencyRepository } from './repositories/idempotency';
import { mailOutbox } from './mail/outbox';
import { startMail } from './mail/index';
import { localMailboxEnabled, mailboxRoutes } from './routes/site/mailbox';
import { siteOrigins } from './site-origins';
import { installSecurityHeaders } from './security/headers';
import { installOriginCheck } from './security/origin-check';
import { installRateLimits } from './security/rate-limit';
import { clientErrorHandler, frameworkErrors } from './security/framework-errors';
import { boundIntegers, safeIntegerKeyword } from './schemas/bounded-integers';
import { addressesRepository } from './repositories/addresses';
import { ordersRepository } from './repositories/orders';
import { orderEventsRepository } from './repositories/order-events';
import { shipmentsRepository } from './repositories/shipments';
import { setOrderStepMailOrigin } from './orders/order-steps';
import { fulfilmentRoutes } from './routes/fulfilment/fulfilment-api';
import { orderReviewRepository } from './repositories/order-review';
import { legalAcceptancesRepository } from './repositories/legal-acceptances';
import { paymentsRepository } from './repositories/payments';
import { splitPaymentsRepository } from './repositories/split-payments';
import { refundsRepository } from './repositories/refunds';
import { couponsRepository } from './repositories/coupons';
import { pointsRepository } from './repositories/points';
import { fcodesRepository } from './repositories/fcodes';
import { tradeInsRepository } from './repositories/trade-ins';
import { giftCardsRepository } from './repositories/gift-cards';
import { presalesRepository } from './repositories/presales';
import { installFlashSales } from './flash-sales/index';
import { installFlashArrival } from './flash-sales/arrival';
import { messagesRepository } from './repositories/messages';
import { notificationPrefsRepository } from './repositories/notification-prefs';
import { aftersalesRepository } from './repositories/aftersales';
import { supportTicketsRepository } from './repositories/support-tickets';
import { serviceCentresRepository } from './repositories/service-centres';
import { reviewsRepository } from './repositories/reviews';
import { enterpriseAccountsRepository } from './repositories/enterprise-accounts';
import { configuredProviders, type PaymentProviders } from './payments/providers';
import { paymentReconciler } from './payments/reconcile';
import { refundJob } from './payments/refund-job';
import { receiptWriter } from './payments/receipts';
import { sandboxPaymentsProblem } from './payments/sandbox-guard';
import { asyncSandbox, type AsyncSandbox } from './payments/async-sandbox';
import { withBankTransfers } from './payments/bank-transfer-sandbox';
import { bankTransfersRepository } from './repositories/bank-transfers';
import { asyncWebhookPath, paymentWebhookRoutes } from './routes/payments/payment-webhooks';
import { orderClosing } from './orders/closing';
import { lapsePresales } from './orders/lapse-presales';
import { installMaintenance } from './maintenance';
import { webhookService } from './webhooks/index';
import { invoicesRepository } from './repositories/invoices';
import { invoiceJob } from './invoices/issue-job';
import { invoiceAttachments } from './invoices/documents';
import { storefrontApi } from './routes/index';
import { opsRoutes } from './routes/operations/ops';
import { ensureStaffAccount } from './auth/staff-account';
import { ensureReleaseManagerAccount } from './auth/release-manager-account';
import { installReleaseConsole } from './releases/console';
import { healthRoutes } from './routes/site/health';
import { staticSite } from './static';
import { databaseClock } from './clock';
import { noticeStudentRenewals } from './students/renewals';
import { installDataRights } from './data-rights/index';
import { installClub } from './club/index';
import { installFriendCodes } from './friends/index';
import { applyServedReleaseAtStart } from './releases/at-start';
import { emailChangesRepository } from './repositories/email-changes';
import { installAlerts } from './alerts/index';
import { installAnalytics } from './analytics/index';
import './context';

export interface AppOptions {
  /** Overrides of the environment (tests); the rest comes from process.env. */
  env?: Partial<Env>;
  /** An already open database (tests, benchmark); otherwise DATABASE_URL or PGlite in DATA_DIR. */
  db?: Database;
  logger?: FastifyServerOptions['logger'];
  /** Skip loading the content snapshots (tests that seed their own rows). */
  seed?: boolean;
  /** Shorter request and header deadlines (tests of slow clients); production uses the constants below. */
  timeouts?: { requestMs: number; headersMs: number };
  /** Payment providers instead of the ones PAYMENT_PROVIDERS configures (tests). */
  providers?: (db: Database) => PaymentProviders;
}

/** How long a shopper has on a pay-later provider's approval page before the store closes the session. */
const BNPL_SESSION_MS = 15 * 60_000;

/** Request bodies above this are refused with errno 41300 (errsave and forms are small). */
export const BODY_LIMIT = 64 * 1024;
/** A request must arrive whole within this time; slow or never-ending bodies are cut off with 408. */
export const REQUEST_TIMEOUT_MS = 15_000;
/** Headers must arrive within this time (slow-header attacks). */
export const HEADERS_TIMEOUT_MS = 10_000;
/** How often Node looks for connections past those deadlines (its default, 30 s, would let one linger for 45 s). */
const DEADLINE_CHECK_MS = 1_000;

/** Builds the whole app: env, database (migrated and seeded), plugins, repositories, routes, static site. */
export async function buildApp(opts: AppOptions = {}): Promise<FastifyInstance> {
  const env: Env = { ...readEnv(), ...opts.env };
  // The sandbox providers take no real money: a production store refuses to start on them unless told otherwise.
  const sandboxProblem = sandboxPaymentsProblem(env);
  if (sandboxProblem) throw new Error(sandboxProblem);
  const timeouts = opts.timeouts ?? { requestMs: REQUEST_TIMEOUT_MS, headersMs: HEADERS_TIMEOUT_MS };
  const app = Fastify({
    logger: opts.logger ?? { level: env.LOG_LEVEL },
    // Only named proxies are believed; an empty list means the socket address is the client.
    trustProxy: trustedProxies(env.TRUST_PROXY).length > 0 ? trustedProxies(env.TRUST_PROXY) : false,
    bodyLimit: BODY_LIMIT,
    requestTimeout: timeouts.requestMs,
    http: { connectionsCheckingInterval: DEADLINE_CHECK_MS },
    return503OnClosing: true,
    frameworkErrors,
    clientErrorHandler,
    // A load balancer's request id is kept, so one id follows a request through every log line.
    requestIdHeader: 'x-request-id',
    genReqId: () => randomUUID(),
    // strictNumbers: NaN and Infinity (`1e309`) are not numbers; bounded-integers keeps integers in the safe range.
    ajv: {
      customOptions: {
        coerceTypes: 'array',
        removeAdditional: true,
        useDefaults: true,
        allErrors: false,
        strictNumbers: true,
      },
      plugins: [safeIntegerKeyword],
    },
  });
  app.server.headersTimeout = timeouts.headersMs;
  installErrorHandling(app);
  app.addHook('onRoute', (route) => {
    const schema = route.schema as Record<string, unknown> | undefined;
    if (schema) for (const part of ['body', 'querystring', 'params', 'headers']) boundIntegers(schema[part]);
  });

  const db = opts.db ?? (await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR }));
  if (!opts.db) app.addHook('onClose', () => db.close());
  await migrate(db);
  if (opts.seed !== false) await seedFromContent(db, { contentDir: env.CONTENT_DIR, log: app.log });
  // After the seed: the served release's prices win over the snapshot's, and every process drops cached prices on a
  // change.
  if (opts.seed !== false) await applyServedReleaseAtStart(db, env.PUBLIC_DIR, app);
  if (opts.seed !== false)
    await ensureStaffAccount(db, { email: env.STAFF_EMAIL, password: env.STAFF_PASSWORD, log: app.log });
  if (opts.seed !== false)
    await ensureReleaseManagerAccount(db, {
      email: env.RELEASE_MANAGER_EMAIL,
      password: env.RELEASE_MANAGER_PASSWORD,
      log: app.log,
    });

  app.decorate('db', db);
  app.decorate('repos', {
    users: usersRepository(db),
    cart: cartRepository(db),
    catalogue: catalogueRepository(db),
    cms: cmsRepository(db),
    subscriptions: subscriptionsRepository(db),
    errorReports: errorReportsRepository(db),
    chat: chatRepository(db),
    rateLimits: rateLimitsRepository(db),
    authThrottle: authThrottleRepository(db),
    accountTokens: accountTokensRepository(db),
    idempotency: idempotencyRepository(db),
    addresses: addressesRepository(db),
    orders: ordersRepository(db),
    orderEvents: orderEventsRepository(db),
    shipments: shipmentsRepository(db),
    orderReview: orderReviewRepository(db),
    legalAcceptances: legalAcceptancesRepository(db),
    payments: paymentsRepository(db),
    splitPayments: splitPaymentsRepository(db),
    refunds: refundsRepository(db),
    coupons: couponsRepository(db),
    points: pointsRepository(db),
    fcodes: fcodesRepository(db),
    tradeIns: tradeInsRepository(db),
    giftCards: giftCardsRepository(db),
    presales: presalesRepository(db),
    messages: messagesRepository(db),
    notificationPrefs: notificationPrefsRepository(db),
    aftersales: aftersalesRepository(db),
    supportTickets: supportTicketsRepository(db),
    serviceCentres: serviceCentresRepository(db),
    reviews: reviewsRepository(db),
    enterpriseAccounts: enterpriseAccountsRepository(db),
    invoices: invoicesRepository(db),
  });
  const mail = startMail(db, {
    smtpUrl: env.SMTP_URL,
    from: env.MAIL_FROM,
    publicOrigin: env.SITE_URL!,
    log: app.log,
    attachments: invoiceAttachments(app.repos.invoices),
  });
  app.decorate('mail', mail);
  app.decorate('publicOrigin', env.SITE_URL!);
  setOrderStepMailOrigin(env.SITE_URL!);
  const providers = opts.providers?.(db) ?? configuredProviders(env, db);
  app.decorate('paymentProvider', providers.card);
  app.decorate('bnplProvider', providers.bnpl);
  app.decorate('cardIssuers', providers.issuers);
  app.decorate('bnplSandbox', providers.bnplSandbox);
  const wallets =
    providers.asyncPay ??
    withBankTransfers(db, asyncSandbox(db, { secret: env.ASYNC_PAYMENT_WEBHOOK_SECRET }), {
      secret: env.ASYNC_PAYMENT_WEBHOOK_SECRET,
    });
  app.decorate('asyncPayments', wallets);
  app.decorate('asyncSandbox', providers.asyncPay ? (providers.asyncSandbox ?? null) : (wallets as AsyncSandbox));
  const reconciler = paymentReconciler({
    card: app.paymentProvider,
    bnpl: app.bnplProvider,
    asyncPay: app.asyncPayments,
    // A bank transfer's money received is recorded (and what the order does not take owed back) on every read.
    onAsyncRead: (payment, known) => bankTransfersRepository(db).recordFeed(payment, known, app.asyncPayments.id),
    payments: app.repos.payments,
    splitPayments: app.repos.splitPayments,
    receipts: receiptWriter(env.SITE_URL!),
    inFlightMs: env.PAYMENT_IN_FLIGHT_MS,
    bnplSessionMs: BNPL_SESSION_MS,
    log: app.log,
  });
  app.decorate('reconciler', reconciler);
  app.decorate(
    'orderClosing',
    orderClosing({ db, repos: app.repos, reconciler, inFlightMs: env.PAYMENT_IN_FLIGHT_MS }),
  );
  app.decorate(
    'refundJob',
    refundJob({
      db,
      refunds: app.repos.refunds,
      providers: [app.paymentProvider, app.bnplProvider, app.asyncPayments],
      log: app.log,
    }),
  );
  app.decorate('invoiceJob', invoiceJob({ db, invoices: app.repos.invoices, mail, log: app.log }));
  app.addHook('onClose', () => mail.stop());
  app.decorate(
    'webhooks',
    webhookService(db, app.repos.orderEvents, {
      timeoutMs: env.WEBHOOK_TIMEOUT_MS,
      retryBaseMs: env.WEBHOOK_RETRY_BASE_MS,
      maxAttempts: env.WEBHOOK_MAX_ATTEMPTS,
      batch: 20,
      production: env.NODE_ENV === 'production',
    }),
  );
  // Before the maintenance loop waits for its runs: posts under way are cut off and sent again after their lease.
  app.addHook('preClose', (done) => {
    app.webhooks.stop();
    done();
  });
  app.decorate('siteOrigins', siteOrigins(env.SITE_ORIGINS ?? ''));
  app.decorate('cdnCountryHeader', env.CDN_COUNTRY_HEADER?.toLowerCase() ?? null);
  app.decorateRequest('storefront', null as never);
  app.decorateRequest('user', null);

  // Every response (API and static pages) carries the server time so clients can correct their clocks
  // (countdowns, campaign states); it is the database's clock, the one every sell path decides by (server/clock.ts).
  // Hooks on every request take `done` when they can answer synchronously: an async hook costs each request a
  // promise and a turn of the microtask queue.
  const clock = databaseClock(db);
  await clock.sync();
  app.addHook('onSend', (request, reply, _payload, done) => {
    reply.header('X-Server-Time', String(clock.now()));
    reply.header('X-Request-Id', request.id);
    done();
  });
  // Before every hook that may wait: a flash sale's arrival time (server/flash-sales/arrival.ts).
  installFlashArrival(app);
  installSecurityHeaders(app);
  installOriginCheck(app);
  installRateLimits(app, app.repos.rateLimits, app.repos.users, env.RATE_LIMIT_ADDRESS_FACTOR);
  installMaintenance(app, [
    // The process's clock drifts from the database's: X-Server-Time stays on the database's clock.
    { name: 'server clock', everyMs: 10 * 60_000, run: () => clock.sync() },
    // Payments left in flight by a crash or a lost answer are settled with their providers, at start-up and after.
    {
      name: 'payment reconciliation',
      everyMs: 15_000,
      atStart: true,
      run: async () => void (await reconciler.settleStale()),
    },
    // The sandbox wallet's webhooks the store has not accepted yet are sent again (a real provider retries itself).
    {
      name: 'sandbox wallet webhooks',
      everyMs: 5_000,
      run: async () => {
        const address = app.server.address();
        if (app.asyncSandbox && address && typeof address === 'object')
          await app.asyncSandbox.deliver(`http://127.0.0.1:${address.port}${asyncWebhookPath(app.asyncSandbox.id)}`);
      },
    },
    { name: 'refunds', everyMs: 30_000, atStart: true, run: async () => void (await app.refundJob.run()) },
    // Invoices within a minute of payment (or shipment) and credit notes of refunds paid back; numbers without gaps.
    { name: 'invoices', everyMs: 60_000, atStart: true, run: async () => void (await app.invoiceJob.run()) },
    // Unpaid orders past their payment window are cancelled (serialised with their payments) and their stock released.
    { name: 'unpaid order expiry', everyMs: 60_000, run: async () => void (await app.orderClosing.expireDue()) },
    // The grievance deadline: grievances waiting 12 hours for a staff answer go up an escalation level.
    {
      name: 'grievance escalation',
      everyMs: 10 * 60_000,
      run: async () => void (await app.repos.supportTickets.escalateOverdue()),
    },
    {
      name: 'unconfirmed offline-form requests',
      everyMs: 60 * 60_000,
      run: () => app.repos.supportTickets.pruneRequests(),
    },
    {
      name: 'unattached uploads',
      everyMs: 60 * 60_000,
      run: async () => void (await app.repos.aftersales.pruneUploads()),
    },
    {
      name: 'missed pre-order final payments',
      everyMs: 5 * 60_000,
      run: async () => void (await lapsePresales(db, app.repos)),
    },
    // Order events become signed webhook deliveries, and due deliveries are posted (server/webhooks/index.ts).
    { name: 'webhooks', everyMs: env.WEBHOOK_INTERVAL_MS, atStart: true, run: () => app.webhooks.run() },
    { name: 'rate limit windows', everyMs: 10 * 60_000, run: () => app.repos.rateLimits.prune() },
    { name: 'error report retention', everyMs: 10 * 60_000, run: () => app.repos.errorReports.prune() },
    // The traffic and sales dashboard reads finished days from their rollup (server/analytics/dashboard/rollup.ts).
    analyticsRollupTask(db),
    { name: 'sign-in throttle', everyMs: 60 * 60_000, run: () => app.repos.authThrottle.prune() },
    { name: 'account links', everyMs: 60 * 60_000, run: () => app.repos.accountTokens.prune() },
    { name: 'sessions and devices', everyMs: 60 * 60_000, run: () => app.repos.users.prune() },
    { name: 'address-change links', everyMs: 60 * 60_000, run: () => emailChangesRepository(db).prune() },
    { name: 'visitor carts', everyMs: 6 * 60 * 60_000, run: () => app.repos.cart.prune() },
    { name: 'idempotency keys', everyMs: 60 * 60_000, run: () => app.repos.idempotency.prune() },
    { name: 'sent mail', everyMs: 6 * 60 * 60_000, run: () => mailOutbox.prune(db) },
    { name: 'visitor chats', everyMs: 60 * 60_000, run: async () => void (await app.repos.chat.pruneVisitors()) },
    // A verified student is told once when the status may be renewed (its last 30 days).
    { name: 'student renewals', everyMs: 60 * 60_000, run: async () => void (await noticeStudentRenewals(db, mail)) },
  ]);

  await app.register(cookie);
  await app.register(cors, {
    // Credentials are allowed only for the configured site origins; same-origin calls need no CORS at all.
    origin: (origin, cb) => cb(null, origin !== undefined && app.siteOrigins.has(origin)),
    credentials: true,
    methods: ['GET', 'POST', 'OPTIONS'],
    exposedHeaders: ['X-Server-Time', 'X-Request-Id'],
    maxAge: 600,
  });
  await app.register(formbody, { bodyLimit: BODY_LIMIT });
  // navigator.sendBeacon(url, string) posts text/plain: read it as a form (errsave) or JSON.
  app.addContentTypeParser('text/plain', { parseAs: 'string', bodyLimit: BODY_LIMIT }, (_req, body, done) => {
    const text = String(body).trim();
    if (text.startsWith('{')) {
      try {
        done(null, JSON.parse(text));
      } catch {
        done(
          Object.assign(new Error('body is not valid JSON'), {
            statusCode: 400,
            code: 'FST_ERR_CTP_INVALID_JSON_BODY',
          }),
          undefined,
        );
      }
      return;
    }
    done(null, { ...parseQuery(text) });
  });

  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Storefront API',
        version: VERSION,
        description:
          'Live API of the storefronts. Every call is under /api/{urlLocal}. Responses are the envelope ' +
          '{data, errno, errmsg}; errno 0 is success, 20001 means sign in first. Keys are snake_case.',
      },
      components: {
        securitySchemes: { serviceToken: { type: 'apiKey', in: 'cookie', name: 'serviceToken' } },
      },
    },
  });

  await app.register(healthRoutes, { prefix: '/api' });
  await app.register(mailboxRoutes, { prefix: '/api', enabled: localMailboxEnabled(env) });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  await app.register(opsRoutes, { prefix: '/api', token: env.OPS_TOKEN });
  await app.register(fulfilmentRoutes, { prefix: '/api', token: env.FULFILMENT_TOKEN });
  await app.register(paymentWebhookRoutes, { prefix: '/api' });
  // The release console's build jobs (pg-boss): started before the routes that queue them.
  await installReleaseConsole(app, env);
  await installDataRights(app, env, app.jobs);
  await installAlerts(app, env, app.jobs);
  // The Mi Club: birthday points, the priority club (server/club/index.ts).
  installClub(app);
  await installFriendCodes(app, env, app.jobs);
  // Flash sales: the in-memory gate, its LISTEN and the release sweep (server/flash-sales/index.ts).
  await installFlashSales(app);
  // First-party analytics: the events table's partitions rolled on now and daily, the collector's budget.
  await installAnalytics(app, app.jobs, env.RATE_LIMIT_ADDRESS_FACTOR);
  await app.register(storefrontApi, { prefix: '/api/:urlLocal' });
  await app.register(staticSite, { root: env.PUBLIC_DIR });
  return app;
}
