import { t } from '../lib/strings';
import type { PriceDisplay } from '../../region-config/price-display.schema';
import type { Quote } from './api';
import { money } from './money';
import { storePath } from './paths';

type Strings = Record<string, string> | undefined;

/**
 * The business checkout's summary of a company purchase (§5, §6): who is invoiced, what the quantity tiers took
 * off, the VAT/GST an exempt account does not pay, and whether the order will be paid by split payment.
 */
export function BusinessNotice({ business, exponent, strings: s, display }: { business: NonNullable<Quote['business']>; exponent: number; strings: Strings; display: PriceDisplay | undefined }) {
  return (
    <section class="checkout__section checkout__business" data-testid="business-notice">
      <h2>{t(s, 'business.checkout.title', 'Business checkout')}</h2>
      <p data-testid="business-invoice">{t(s, 'business.checkout.company', 'Invoiced to {company}, tax ID {taxId}', { company: business.companyName, taxId: business.taxId })}</p>
      <p class="checkout__hint">{t(s, 'business.checkout.tiers', 'Business prices: 5+ units −3 %, 20+ units −6 %')}</p>
      {business.tierSaving > 0 ? (
        <p data-testid="business-tier-saving">
          {t(s, 'business.checkout.tierSaving', 'Quantity discount')}: −{money(business.tierSaving, exponent, display)}
        </p>
      ) : null}
      {business.vatExempt ? <p data-testid="business-vat-exempt">{t(s, 'business.checkout.vatExempt', 'VAT/GST exempt: {amount} not charged', { amount: money(business.vatExempted, exponent, display) })}</p> : null}
      {business.splitRequired ? (
        <p role="status" data-testid="business-split">
          {t(s, 'business.checkout.splitRequired', 'Over {amount} a company order is paid by split payment, in parts by card or bank transfer.', { amount: money(business.splitFrom, exponent, display) })}
        </p>
      ) : null}
    </section>
  );
}

/** A company status that may not buy for a company: the server's wording and the way to the business page. */
export function BusinessRefusal({ message, strings: s }: { message: string; strings: Strings }) {
  return (
    <p class="checkout checkout--business-refused" role="alert" data-testid="business-refused">
      {message} <a href={storePath('business/')}>{t(s, 'business.checkout.apply', 'Go to the business page')}</a>
    </p>
  );
}
