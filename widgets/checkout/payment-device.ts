/**
 * What the device can pay with, as the payment-method list asks the server: the Payment Request API (Apple Pay and
 * Google Pay) by feature detection, and the wallet apps the store app says are installed, asked through the app bridge.
 */
import { detectAppHost, type BridgeWindow } from '../lib/app-bridge/host';
import { linePay, weChatInstalled } from '../lib/app-bridge/wallets';

export interface PaymentDevice {
  paymentRequest: boolean;
  /** Null outside the app; else the installed wallet apps (the server's wallet ids: linepay, wechatpay). */
  apps: string[] | null;
}

/**
 * Detects the Payment Request API and asks the app which wallet apps are installed. In the app, a wallet the app does
 * not confirm (no bridge, no answer in time, an app too old to know LINE Pay) counts as not installed; in a browser
 * there are no apps to ask about.
 */
export async function detectPaymentDevice(w: BridgeWindow = window): Promise<PaymentDevice> {
  const paymentRequest = typeof (w as { PaymentRequest?: unknown }).PaymentRequest === 'function';
  if (!detectAppHost(w)) return { paymentRequest, apps: null };
  const [weChat, line] = await Promise.all([weChatInstalled(w), linePay.installed(w)]);
  const apps = [...(line === true ? ['linepay'] : []), ...(weChat ? ['wechatpay'] : [])];
  return { paymentRequest, apps };
}
