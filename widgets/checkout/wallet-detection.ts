/**
 * Which browser wallets this browser can pay with, by feature detection: Apple Pay through Apple's own
 * `ApplePaySession.canMakePayments()`, Google Pay through the Payment Request API's `canMakePayment()` for Google
 * Pay's method. A browser without them, or one that throws or never answers, counts as unable.
 */
import type { BrowserWallet } from '../../server/schemas/wallet-payments';

/** The Payment Request method identifiers of the wallets. */
export const WALLET_PAYMENT_METHODS: Readonly<Record<BrowserWallet, string>> = {
  apple_pay: 'https://apple.com/apple-pay',
  google_pay: 'https://google.com/pay',
};

/** Google Pay's method data for the availability check: cards by the networks the store takes. */
const GOOGLE_PAY_DATA = {
  environment: 'TEST',
  apiVersion: 2,
  apiVersionMinor: 0,
  allowedPaymentMethods: [
    {
      type: 'CARD',
      parameters: { allowedAuthMethods: ['PAN_ONLY', 'CRYPTOGRAM_3DS'], allowedCardNetworks: ['MASTERCARD', 'VISA'] },
    },
  ],
};

/** The parts of a window the detection reads: tests pass fakes. */
export interface WalletWindow {
  PaymentRequest?: new (
    methods: { supportedMethods: string; data?: unknown }[],
    details: { total: { label: string; amount: { currency: string; value: string } } },
  ) => { canMakePayment(): Promise<boolean> };
  ApplePaySession?: { canMakePayments(): boolean };
  isSecureContext?: boolean;
}

/** How long a browser may take to say whether it can pay (some never answer in a locked-down profile). */
export const DETECTION_TIMEOUT_MS = 1500;

const withTimeout = (p: Promise<boolean>, ms: number) =>
  Promise.race([p, new Promise<boolean>((resolve) => setTimeout(() => resolve(false), ms))]);

/** True when Safari (or a webview with Apple Pay) says a payment can be made. */
export function canApplePay(w: WalletWindow): boolean {
  try {
    return w.isSecureContext !== false && w.ApplePaySession?.canMakePayments() === true;
  } catch {
    return false;
  }
}

/** True when the Payment Request API exists and says Google Pay's method can pay. */
export async function canGooglePay(w: WalletWindow, timeoutMs = DETECTION_TIMEOUT_MS): Promise<boolean> {
  if (typeof w.PaymentRequest !== 'function' || w.isSecureContext === false) return false;
  try {
    const request = new w.PaymentRequest(
      [{ supportedMethods: WALLET_PAYMENT_METHODS.google_pay, data: GOOGLE_PAY_DATA }],
      { total: { label: 'check', amount: { currency: 'EUR', value: '0.00' } } },
    );
    return (await withTimeout(request.canMakePayment(), timeoutMs)) === true;
  } catch {
    return false;
  }
}

/**
 * The browser wallets this browser can pay with, in a stable order.
 * @example await detectBrowserWallets(window) // ['google_pay'] in a Chrome with Google Pay
 */
export async function detectBrowserWallets(w: WalletWindow = window as WalletWindow): Promise<BrowserWallet[]> {
  const found: BrowserWallet[] = [];
  if (canApplePay(w)) found.push('apple_pay');
  if (await canGooglePay(w)) found.push('google_pay');
  return found;
}
