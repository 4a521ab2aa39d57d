import type { FastifyRequest } from 'fastify';
import type { Database } from './db/types';
import type { Storefront } from './storefront';
import type { User } from './repositories/users';
import type { UsersRepository } from './repositories/users';
import type { CartRepository } from './repositories/cart';
import type { CatalogueRepository } from './repositories/catalogue';
import type { CmsRepository } from './repositories/cms';
import type { SubscriptionsRepository } from './repositories/subscriptions';
import type { ErrorReportsRepository } from './repositories/error-reports';
import type { ChatRepository } from './repositories/chat';
import type { RateLimitsRepository } from './repositories/rate-limits';
import type { AuthThrottleRepository } from './repositories/auth-throttle';
import type { AccountTokensRepository } from './repositories/account-tokens';
import type { MailService } from './mail/index';
import type { IdempotencyRepository } from './repositories/idempotency';
import type { AddressesRepository } from './repositories/addresses';
import type { OrdersRepository } from './repositories/orders';
import type { OrderEventsRepository } from './repositories/order-events';
import type { OrderReviewRepository } from './repositories/order-review';
import type { LegalAcceptancesRepository } from './repositories/legal-acceptances';
import type { PaymentsRepository } from './repositories/payments';
import type { CouponsRepository } from './repositories/coupons';
import type { PointsRepository } from './repositories/points';
import type { FcodesRepository } from './repositories/fcodes';
import type { TradeInsRepository } from './repositories/trade-ins';
import type { GiftCardsRepository } from './repositories/gift-cards';
import type { PresalesRepository } from './repositories/presales';
import type { MessagesRepository } from './repositories/messages';
import type { NotificationPrefsRepository } from './repositories/notification-prefs';
import type { AftersalesRepository } from './repositories/aftersales';
import type { SupportTicketsRepository } from './repositories/support-tickets';
import type { ServiceCentresRepository } from './repositories/service-centres';
import type { ReviewsRepository } from './repositories/reviews';
import type { EnterpriseAccountsRepository } from './repositories/enterprise-accounts';
import type { PaymentProvider } from './payments/provider';
import type { BnplSandbox } from './payments/bnpl-sandbox';
import type { AsyncProvider } from './payments/async-provider';
import type { AsyncSandbox } from './payments/async-sandbox';
import type { BnplProvider } from './payments/bnpl';
import type { IssuerLookup } from './payments/card-issuers';
import type { PaymentReconciler } from './payments/reconcile';
import type { OrderClosing } from './orders/closing';
import type { RefundJob } from './payments/refund-job';
import type { RefundsRepository } from './repositories/refunds';
import type { ShipmentsRepository } from './repositories/shipments';
import type { SplitPaymentsRepository } from './repositories/split-payments';
import type { WebhookService } from './webhooks/index';
import type { InvoicesRepository } from './repositories/invoices';
import type { InvoiceJob } from './invoices/issue-job';
import { ApiError, Errno } from './errors';

export interface Repositories {
  users: UsersRepository;
  cart: CartRepository;
  catalogue: CatalogueRepository;
  cms: CmsRepository;
  subscriptions: SubscriptionsRepository;
  errorReports: ErrorReportsRepository;
  chat: ChatRepository;
  rateLimits: RateLimitsRepository;
  authThrottle: AuthThrottleRepository;
  accountTokens: AccountTokensRepository;
  idempotency: IdempotencyRepository;
  addresses: AddressesRepository;
  orders: OrdersRepository;
  orderEvents: OrderEventsRepository;
  shipments: ShipmentsRepository;
  orderReview: OrderReviewRepository;
  legalAcceptances: LegalAcceptancesRepository;
  payments: PaymentsRepository;
  splitPayments: SplitPaymentsRepository;
  refunds: RefundsRepository;
  coupons: CouponsRepository;
  points: PointsRepository;
  fcodes: FcodesRepository;
  tradeIns: TradeInsRepository;
  giftCards: GiftCardsRepository;
  presales: PresalesRepository;
  messages: MessagesRepository;
  notificationPrefs: NotificationPrefsRepository;
  aftersales: AftersalesRepository;
  supportTickets: SupportTicketsRepository;
  serviceCentres: ServiceCentresRepository;
  reviews: ReviewsRepository;
  enterpriseAccounts: EnterpriseAccountsRepository;
  invoices: InvoicesRepository;
}

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
    repos: Repositories;
    /** The store's mail (outbox, worker, links). */
    mail: MailService;
    /** The card gateway: the embedded sandbox unless another provider is configured. */
    paymentProvider: PaymentProvider;
    /** The pay-later provider: the embedded sandbox unless another is configured. */
    bnplProvider: BnplProvider;
    /** The card-issuer (BIN) lookup of the configured card gateway. */
    cardIssuers: IssuerLookup;
    /**
     * The sandbox pay-later provider when it is the configured one: only then does the store serve its approval page.
     */
    bnplSandbox: BnplSandbox | null;
    /** The async payment provider (e-wallets by redirect, QRIS by QR): the embedded sandbox unless another. */
    asyncPayments: AsyncProvider;
    /** The sandbox async provider when it is the configured one: only then are its pages and webhook sender on. */
    asyncSandbox: AsyncSandbox | null;
    /** Settles payments in flight with their providers: before a cancellation, a new attempt, and after a crash. */
    reconciler: PaymentReconciler;
    /** Closes unpaid orders, serialised with their payments (shopper, staff and the payment-window sweep). */
    orderClosing: OrderClosing;
    /** Pays refunds back through the provider that took the money (run periodically; tests and staff run it now). */
    refundJob: RefundJob;
    /** Signed webhooks of order events: endpoints, deliveries, and the run that sends them. */
    webhooks: WebhookService;
    /** Issues the invoices and credit notes that are due (run periodically; tests run it now). */
    invoiceJob: InvoiceJob;
    /**
     * The store's public origin (SITE_URL): every absolute address it sends out (mails, payment providers) is built on
     * it, never on a request's Host header.
     */
    publicOrigin: string;
    /** Origins (scheme://host[:port]) of the configured sites: CORS with credentials and sign-in redirects. */
    siteOrigins: ReadonlySet<string>;
    /** The CDN's country header (lower case), read only for the other-country tip; null when not configured. */
    cdnCountryHeader: string | null;
  }
  interface FastifyRequest {
    /** Set for every /api/:urlLocal route (unknown prefixes are refused before the handler). */
    storefront: Storefront;
    /** The signed-in user, or null for a visitor (userId 0). */
    user: User | null;
  }
}

/** The signed-in user, or the envelope error 20001 that sends clients to sign-in. */
export function requireUser(request: FastifyRequest): User {
  if (!request.user) throw new ApiError(Errno.NOT_LOGGED_IN, 'please sign in first');
  return request.user;
}

/** The signed-in staff member, or 20001 for visitors and 40302 (HTTP 403) for shoppers. */
export function requireStaff(request: FastifyRequest): User {
  const user = requireUser(request);
  if (user.role !== 'staff') throw new ApiError(Errno.STAFF_ONLY, 'this is for support staff only', 403);
  return user;
}

/** Release managers only: support staff and shoppers are refused (403), visitors asked to sign in. */
export function requireReleaseManager(request: FastifyRequest): User {
  const user = requireUser(request);
  if (user.role !== 'release_manager')
    throw new ApiError(Errno.RELEASE_MANAGER_ONLY, 'this is for release managers only', 403);
  return user;
}
