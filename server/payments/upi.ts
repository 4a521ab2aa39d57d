import { currencyExponent } from '../../region-config/money';

/** What a provider says of a UPI ID before a collect request goes to it. */
export type UpiIdCheck =
  /** The UPI ID exists: the request can go to it. */
  | 'valid'
  /** No account answers to it (a typo in the name or the handle). */
  | 'unknown'
  /** The provider could not ask the payer's bank now ("get token failed"): try again, or pay by QR. */
  | 'unavailable';

/** The payee a UPI intent names: the store's UPI ID at its provider and the name the payer's app shows. */
export interface UpiPayee {
  vpa: string;
  name: string;
}

/**
 * The UPI intent link (NPCI's deep-link format) any UPI app opens, and a QR code carries on a desktop: the payee,
 * the amount in major units with the currency's decimals, and our transaction reference `tr`.
 * @example upiIntentUrl(payee, { amountMinor: 5399900, currency: 'INR', reference: 'apay_…' })
 *   // upi://pay?pa=store%40sandbox&pn=…&am=53999.00&cu=INR&tr=apay_…
 */
export function upiIntentUrl(
  payee: UpiPayee,
  p: { amountMinor: number; currency: string; reference: string; note?: string },
): string {
  const exponent = currencyExponent(p.currency);
  const params = new URLSearchParams({
    pa: payee.vpa,
    pn: payee.name,
    am: (p.amountMinor / 10 ** exponent).toFixed(exponent),
    cu: p.currency,
    tr: p.reference,
  });
  if (p.note) params.set('tn', p.note);
  // URLSearchParams writes spaces as '+'; UPI apps read the link as a URI, so spaces go as %20.
  return `upi://pay?${params.toString().replace(/\+/g, '%20')}`;
}
