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

export type DeclineCode = 'declined' | 'insufficient_funds' | 'expired_card' | 'card_not_supported' | 'invalid_cvv' | 'otp_failed' | 'otp_wrong' | 'token_unknown';

/** What the gateway says of a charge; only the server asks, and only the server records the answer. */
export type ChargeOutcome =
  | { status: 'succeeded'; providerRef: string; brand: CardBrand; last4: string; expiry: { month: number; year: number }; token?: string }
  | { status: 'otp_required'; providerRef: string; brand: CardBrand; last4: string }
  | { status: 'declined'; code: DeclineCode; brand?: CardBrand; last4?: string };

/**
 * A payment provider. The embedded default is the sandbox gateway (no network, no third party); a real provider
 * implements the same calls server-side, so the browser never reports a payment's outcome itself.
 */
export interface PaymentProvider {
  readonly id: string;
  charge(request: ChargeRequest): Promise<ChargeOutcome>;
  /** Completes a charge that asked for a one-time password. */
  confirmOtp(providerRef: string, otp: string): Promise<ChargeOutcome>;
}
