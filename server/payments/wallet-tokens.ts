import type { BrowserWallet } from '../schemas/wallet-payments';
import type { CardDetails } from './provider';

/**
 * Browser wallets (Apple Pay, Google Pay): the wallet's sheet hands the browser a payment token, the store hands it
 * to the wallet's processor, which checks it and answers the card it stands for (a device account number, already
 * authenticated on the phone, so no one-time password follows); the store then charges that card through the card
 * gateway. The browser's word is only the token: what it may pay is decided here and by the processor.
 */

/** What the store expects the token to pay: it must have been issued for exactly this. */
export interface WalletCharge {
  wallet: BrowserWallet;
  amountMinor: number;
  currency: string;
}

/**
 * Why a token is refused: not a token, signed by someone else, too old, used before, refused by the wallet, or
 * issued for another wallet, amount or currency.
 */
export type WalletTokenRefusal =
  | 'malformed'
  | 'bad_signature'
  | 'expired'
  | 'used'
  | 'refused'
  | 'wallet'
  | 'amount'
  | 'currency';

export type WalletTokenCheck = { ok: true; card: CardDetails } | { ok: false; reason: WalletTokenRefusal };

export interface WalletTokenProvider {
  readonly id: string;
  /** Checks a token against the charge and uses it up: a token pays at most once, however often it is sent. */
  verify(token: string, expected: WalletCharge): Promise<WalletTokenCheck>;
}
