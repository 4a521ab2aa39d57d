import { t } from '../lib/strings';
import type { PriceDisplay } from '../../region-config/price-display.schema';
import type { Quote } from '../request/orders-api';
import { money } from '../lib/money';
import { storePath } from '../lib/store-path';

type Strings = Record<string, string> | undefined;

/**
 * The business checkout's summary of a company purchase: who is invoiced, what the quantity tiers took
 * off, the VAT/GST an exempt account does not pay, and whether the order will be paid by split payment.
 */
export function BusinessNotice({
  business,
  exponent,
  strings: s,
  display,
}: {
  business: NonNullable<Quote['business']>;
  exponent: number;
  strings: Strings;
  display: PriceDisplay | undefined;
}) {
  return (
    <section class="checkout__section checkout__business" data-testid="business-notice">
      <h2>{t(s, 'business.checkout.title')}</h2>
      <p data-testid="business-invoice">
        {t(s, 'business.checkout.company', { company: business.companyName, taxId: business.taxId })}
      </p>
      <p class="checkout__hint">{t(s, 'business.checkout.tiers')}</p>
      {business.tierSaving > 0 ? (
        <p data-testid="business-tier-saving">
          {t(s, 'business.checkout.tierSaving')}: −{money(business.tierSaving, exponent, display)}
        </p>
      ) : null}
      {business.vatExempt ? (
        <p data-testid="business-vat-exempt">
          {t(s, 'business.checkout.vatExempt', { amount: money(business.vatExempted, exponent, display) })}
        </p>
      ) : null}
      {business.splitRequired ? (
        <p role="status" data-testid="business-split">
          {t(s, 'business.checkout.splitRequired', { amount: money(business.splitFrom, exponent, display) })}
        </p>
      ) : null}
    </section>
  );
}

/** A company status that may not buy for a company: the server's wording and the way to the business page. */
export function BusinessRefusal({ message, strings: s }: { message: string; strings: Strings }) {
  return (
    <p class="checkout checkout--business-refused" role="alert" data-testid="business-refused">
      {message} <a href={storePath('business/')}>{t(s, 'business.checkout.apply')}</a>
    </p>
  );
}
