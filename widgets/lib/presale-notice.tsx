import { t } from './strings';
import { when } from './when';
import type { PriceDisplay } from '../../region-config/price-display.schema';
import type { PresaleTerms } from '../request/orders-api';
import { money } from './money';

/**
 * What a pre-order takes and when (the pre-sale: deposit then final payment): the deposit now, the rest in the final
 * window, and the stated rule when the final payment is missed.
 */
export function PresaleNotice({
  terms,
  exponent,
  strings: s,
  display,
  depositTotal,
  finalAmount,
}: {
  terms: PresaleTerms;
  exponent: number;
  strings: Record<string, string> | undefined;
  display: PriceDisplay | undefined;
  depositTotal: number;
  finalAmount?: number;
}) {
  return (
    <div class="presale-notice" data-testid="presale-notice">
      <p>
        <strong>{t(s, 'presale.depositNow', { amount: money(depositTotal, exponent, display) })}</strong>
      </p>
      <p>
        {t(s, 'presale.finalWindow', { from: when(terms.finalStartsAt), to: when(terms.finalEndsAt) })}
        {finalAmount !== undefined
          ? ` ${t(s, 'presale.finalAmount', { amount: money(finalAmount, exponent, display) })}`
          : ''}
      </p>
      <p class="checkout__hint">{t(s, 'presale.rule')}</p>
    </div>
  );
}
