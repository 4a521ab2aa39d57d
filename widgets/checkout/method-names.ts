/**
 * Brand names of wallets and convenience stores, written as shoppers see them on the counter or the app icon: the
 * Latin brand everywhere, the local script where the chain itself uses one. Brands are not translations, so they live
 * here rather than in the catalogue; generic method names are catalogue keys.
 */
import type { StoreId, WalletId } from '../../server/schemas/payment-methods';

type Brand = { default: string } & Partial<Record<string, string>>;

export const WALLET_NAMES: Record<WalletId, Brand> = {
  gopay: { default: 'GoPay' },
  ovo: { default: 'OVO' },
  dana: { default: 'DANA' },
  shopeepay: { default: 'ShopeePay' },
  linepay: { default: 'LINE Pay' },
  wechatpay: { default: 'WeChat Pay', 'zh-CN': '微信支付', 'zh-TW': '微信支付', 'zh-HK': '微信支付' },
  paypay: { default: 'PayPay' },
};

export const STORE_NAMES: Record<StoreId, Brand> = {
  indomaret: { default: 'Indomaret' },
  alfamart: { default: 'Alfamart' },
  seven_eleven: { default: '7-Eleven', ja: 'セブン-イレブン', 'zh-TW': '7-ELEVEN' },
  familymart: { default: 'FamilyMart', ja: 'ファミリーマート', 'zh-TW': '全家' },
  lawson: { default: 'Lawson', ja: 'ローソン' },
  hilife: { default: 'Hi-Life', 'zh-TW': '萊爾富' },
};

/** Methods named by their brand alone. */
export const BRAND_METHODS = { apple_pay: 'Apple Pay', google_pay: 'Google Pay', qris: 'QRIS', upi: 'UPI' } as const;

/** A brand in the page's language (its catalogue code, e.g. 'zh-TW'). */
export const brand = (b: Brand, lang: string): string => b[lang] ?? b.default;
