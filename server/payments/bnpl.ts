import type { RefundOutcome, RefundRequest } from './provider';

/**
 * A buy-now-pay-later provider (Kredivo, Klarna, …): the store opens a checkout session for one payment, the
 * shopper approves or declines on the provider's page, and the provider sends them back to the store's callback
 * with a signed status. The store trusts only what it reads back from the provider server-side (`retrieve`);
 * the signature only tells which session to look at. The embedded default is the sandbox (bnpl-sandbox.ts).
 */
/** expired: closed by the store (or by time) before the shopper approved; nothing can be taken under it any more. */
export type BnplStatus = 'pending' | 'approved' | 'declined' | 'expired';

export interface BnplCheckout {
  /** Our payment reference: the provider opens at most one session per reference. */
  reference: string;
  /** The provider offer (region-config/instalments.ts `bnplOffers`). */
  offer: string;
  amountMinor: number;
  currency: string;
  /** The store user the provider's page belongs to (the sandbox asks for the same sign-in). */
  userId: number;
  urlLocal: string;
  /** Where the provider sends the shopper back, with `session`, `status` and `signature`. */
  callbackUrl: string;
}

export interface BnplSession {
  sessionRef: string;
  reference: string;
  offer: string;
  status: BnplStatus;
  amountMinor: number;
  currency: string;
}

export interface BnplProvider {
  readonly id: string;
  /** Opens (or, for the same reference, returns) the session; `redirectUrl` is the provider's approval page. */
  createSession(input: BnplCheckout): Promise<{ session: BnplSession; redirectUrl: string }>;
  /** The provider's own record of a session: the only source of an outcome. */
  retrieve(sessionRef: string): Promise<BnplSession | null>;
  /** True when a callback's query was signed by the provider. */
  verifyCallback(query: { session: string; status: string; signature: string }): Promise<boolean>;
  /** The session opened for our reference, if any (a crash may have lost its id before the store noted it). */
  lookup(reference: string): Promise<BnplSession | null>;
  /**
   * Closes the session of our reference unless the shopper already approved or declined it: afterwards it can no
   * longer be approved. Answers the session as it then stands (approved means the payment won), or null when none
   * was opened.
   */
  cancel(reference: string): Promise<BnplSession | null>;
  /** Pays an approved session back, in full or in part; the same refund reference twice refunds once. */
  refund(request: RefundRequest): Promise<RefundOutcome>;
}
