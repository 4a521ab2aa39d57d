import type { ASYNC_METHODS, ASYNC_WALLETS } from '../schemas/async-payments';
import type { RefundOutcome, RefundRequest } from './provider';
import type { UpiIdCheck } from './upi';

/**
 * Asynchronous payment providers (e-wallets, QRIS, and later UPI, bank transfer, convenience store): the store
 * starts a payment, the provider answers with what the shopper must do (an action), and the outcome arrives later
 * by a signed webhook. The store never pays an order on the browser's word nor on the webhook's alone: the webhook
 * only says which payment to look at, and `retrieve` (a server-side call) gives the outcome.
 */
export type AsyncMethod =
  | (typeof ASYNC_METHODS)[number]
  /** A convenience-store code, started by its own route (konbini-payments.ts). */
  | 'konbini'
  /** A bank virtual account, started by its own route (bank-transfers.ts). */
  | 'bank_va';
export type AsyncWallet = (typeof ASYNC_WALLETS)[number];

/** What the shopper is asked to do to approve, until `expiresAt`. */
export type AsyncAction =
  /** Open the provider's page; `deepLink` opens the wallet app on a phone instead. */
  | { kind: 'redirect'; url: string; deepLink: string | null; expiresAt: Date }
  /** Scan a QR code with any wallet: `svg` is the code drawn, `payload` its text. */
  | { kind: 'qr'; svg: string; payload: string; pageUrl: string; expiresAt: Date }
  /** Pay a code at a counter (convenience store). */
  | { kind: 'code'; code: string; expiresAt: Date; confirmation?: string | null }
  /** Transfer to an account (bank virtual account). */
  | { kind: 'account'; bank: string; number: string; expiresAt: Date }
  /** Nothing to do: the provider settles by itself. */
  | { kind: 'none'; expiresAt: Date };

/** paid: money taken; cancelled: the shopper refused; expired: not approved in time. */
export type AsyncStatus = 'pending' | 'paid' | 'cancelled' | 'expired';

export interface AsyncStart {
  /** Our payment reference: the provider opens at most one payment per reference. */
  reference: string;
  method: AsyncMethod;
  wallet: AsyncWallet | null;
  /** The bank that opens the virtual account (method bank_va only). */
  bank?: string;
  amountMinor: number;
  currency: string;
  userId: number;
  urlLocal: string;
  /** Where the provider sends the shopper back (the store's result page). */
  returnUrl: string;
  /** How long the shopper has to approve. */
  windowMs: number;
  /** The convenience-store chain whose counter takes a konbini payment. */
  store?: string | null;
  /** UPI: the payer's UPI ID a collect request goes to; absent for the intent link / QR. */
  vpa?: string | null;
}

/** The provider's own record of a payment: the only source of an outcome. */
export interface AsyncPayment {
  providerRef: string;
  reference: string;
  method: AsyncMethod;
  status: AsyncStatus;
  amountMinor: number;
  currency: string;
  expiresAt: Date;
  /** A bank transfer's money received so far, which may be less or more than the amount (bank_va only). */
  amountReceivedMinor?: number;
}

/** A webhook whose signature and timestamp were verified: which payment to read back, under which event id. */
export interface VerifiedWebhook {
  eventId: string;
  providerRef: string;
}

export type WebhookRefusal = 'malformed' | 'bad_signature' | 'stale';

export interface AsyncProvider {
  readonly id: string;
  /** Opens (or, for the same reference, returns) the payment and the action the shopper takes. */
  start(input: AsyncStart): Promise<{ payment: AsyncPayment; action: AsyncAction }>;
  /** The provider's record of a payment by its id, or null. */
  retrieve(providerRef: string): Promise<AsyncPayment | null>;
  /** The payment opened for our reference, if any (a crash may have lost its id before the store noted it). */
  lookup(reference: string): Promise<AsyncPayment | null>;
  /** Closes a pending payment (it can no longer be approved); answers it as it then stands (paid means it won). */
  cancel(reference: string): Promise<AsyncPayment | null>;
  /** Pays a paid payment back, in full or in part; the same refund reference twice refunds once. */
  refund(request: RefundRequest): Promise<RefundOutcome>;
  /** UPI: whether a UPI ID exists before a collect request goes to it (a provider without UPI leaves it out). */
  checkUpiId?(vpa: string): Promise<UpiIdCheck>;
  /** Checks a webhook's signature header against its raw body and the time window. */
  verifyWebhook(
    rawBody: string,
    signatureHeader: string | undefined,
    now?: Date,
  ): Promise<VerifiedWebhook | WebhookRefusal>;
}
