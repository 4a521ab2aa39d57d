import type { CardBrand } from '../../region-config/payment-cards';

/** A card as the shopper typed it: it goes to the gateway and nowhere else (never the database or the logs). */
export interface CardDetails {
  number: string;
  expiry: { month: number; year: number };
  cvv: string;
  holder: string;
}

export interface ChargeRequest {
  /** Our payment id: the gateway charges each reference at most once. */
  reference: string;
  amountMinor: number;
  currency: string;
  /** A new card, or the token of a saved one (with its CVV, asked again). */
  source: { card: CardDetails } | { token: string; cvv: string };
  /** Return a reusable token for this card (the shopper asked to save it). */
  tokenize: boolean;
}

export type DeclineCode =
  | 'declined'
  | 'insufficient_funds'
  | 'expired_card'
  | 'card_not_supported'
  | 'invalid_cvv'
  | 'otp_failed'
  | 'otp_wrong'
  | 'token_unknown'
  /** The reference was cancelled before a charge was made under it: nothing was taken. */
  | 'cancelled';

/** What the gateway says of a charge; only the server asks, and only the server records the answer. */
export type ChargeOutcome =
  | {
      status: 'succeeded';
      providerRef: string;
      brand: CardBrand | null;
      last4: string | null;
      expiry: { month: number; year: number };
      token?: string;
    }
  | { status: 'otp_required'; providerRef: string; brand: CardBrand; last4: string }
  | { status: 'declined'; code: DeclineCode; brand?: CardBrand; last4?: string };

/**
 * What the provider's books hold for one of our references: the outcome of its charge, or `none` when it never
 * received one. Reconciliation reads this instead of guessing from silence.
 */
export type ChargeRecord = ChargeOutcome | { status: 'none' };

export interface RefundRequest {
  /** Our refund id: the provider pays each reference back at most once. */
  reference: string;
  /** The provider's id of the charge to reverse. */
  providerRef: string;
  amountMinor: number;
  currency: string;
}

export type RefundOutcome =
  | { status: 'succeeded'; refundRef: string }
  /**
   * unknown_charge: no such charge; not_refundable: it took nothing or less than asked back (earlier refunds count).
   */
  | { status: 'failed'; code: 'unknown_charge' | 'not_refundable' };

/**
 * A payment provider. The embedded default is the sandbox gateway (no network, no third party); a real provider
 * implements the same calls server-side, so the browser never reports a payment's outcome itself.
 */
export interface PaymentProvider {
  readonly id: string;
  charge(request: ChargeRequest): Promise<ChargeOutcome>;
  /** Completes a charge that asked for a one-time password. */
  confirmOtp(providerRef: string, otp: string): Promise<ChargeOutcome>;
  /** The provider's record of the charge of our reference (after a crash, or a call that never answered). */
  retrieve(reference: string): Promise<ChargeRecord>;
  /**
   * Closes our reference: a charge not made yet (none, or waiting for its one-time password) never will be, and a
   * later charge call with this reference is declined as cancelled. A charge already made stands and is answered
   * as succeeded, so the caller learns that the payment won.
   */
  cancel(reference: string): Promise<ChargeOutcome>;
  /** Pays a charge back, in full or in part; the same reference twice refunds once. */
  refund(request: RefundRequest): Promise<RefundOutcome>;
}
