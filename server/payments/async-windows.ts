import type { AsyncMethod } from './async-provider';
import { KONBINI_WINDOW_MS } from './konbini-window';

/**
 * How long a shopper has to approve an async payment, per method: a wallet's approval page or a QRIS code lapses
 * after 15 minutes, as the Indonesian wallets' own do. The order's payment window still bounds it (the shorter wins).
 */
export const APPROVAL_WINDOW_MS: Readonly<Record<AsyncMethod, number>> = {
  ewallet: 15 * 60_000,
  qris: 15 * 60_000,
  // The longest; the konbini start shortens it to 2 hours for an order that holds phones (konbini-window.ts).
  konbini: KONBINI_WINDOW_MS,
  // The bank-transfer window: a virtual account takes transfers for 24 hours, and the order holds its stock as long.
  bank_va: 24 * 60 * 60_000,
  /** A UPI collect request (or its intent / QR) lapses after 10 minutes, as UPI providers' collect requests do. */
  upi: 10 * 60_000,
};
