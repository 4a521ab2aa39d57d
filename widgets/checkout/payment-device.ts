/**
 * What the device can pay with, as the payment-method list asks the server: the Payment Request API (Apple Pay and
 * Google Pay) by feature detection, and the wallet apps the store app's webview bridge reports installed.
 */

/** The store app's webview injects this object; a plain browser has none. */
interface StoreAppBridge {
  /** Wallet ids whose app is installed on the phone (linepay, wechatpay, ...). */
  installedApps(): string[];
}

declare global {
  interface Window {
    storeAppBridge?: StoreAppBridge;
  }
}

export interface PaymentDevice {
  paymentRequest: boolean;
  /** Null outside the app (no bridge); else the installed wallet apps. */
  apps: string[] | null;
}

/**
 * Detects the Payment Request API and reads the app bridge. In the app webview a missing or throwing bridge counts as
 * no wallet app installed; in a browser there are no apps to ask about.
 */
export function detectPaymentDevice(inApp: boolean, w: Window = window): PaymentDevice {
  const bridge = w.storeAppBridge;
  let apps: string[] | null = inApp ? [] : null;
  if (bridge) {
    try {
      apps = bridge.installedApps().filter((a) => /^[a-z]{1,30}$/.test(a));
    } catch {
      apps = [];
    }
  }
  return { paymentRequest: typeof (w as { PaymentRequest?: unknown }).PaymentRequest === 'function', apps };
}
