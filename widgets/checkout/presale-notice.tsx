import { t } from '../lib/strings';
import { when } from '../lib/when';
import type { PriceDisplay } from '../../region-config/price-display.schema';
import type { PresaleTerms } from './api';
import { money } from './money';

/**
 * What a pre-order takes and when (§4 deposit then final payment): the deposit now, the rest in the final window,
 * and the stated rule when the final payment is missed.
 */
export function PresaleNotice({ terms, exponent, strings: s, display, depositTotal, finalAmount }: { terms: PresaleTerms; exponent: number; strings: Record<string, string> | undefined; display: PriceDisplay | undefined; depositTotal: number; finalAmount?: number }) {
  return (
    <div class="presale-notice" data-testid="presale-notice">
      <p>
        <strong>{t(s, 'presale.depositNow', 'Deposit now: {{amount}}', { amount: money(depositTotal, exponent, display) })}</strong>
      </p>
      <p>
        {t(s, 'presale.finalWindow', 'Final payment from {{from}} to {{to}}; the deposit counts towards the price.', { from: when(terms.finalStartsAt), to: when(terms.finalEndsAt) })}
        {finalAmount !== undefined ? ` ${t(s, 'presale.finalAmount', 'Still to pay: {{amount}}.', { amount: money(finalAmount, exponent, display) })}` : ''}
      </p>
      <p class="checkout__hint">{t(s, 'presale.rule', 'If the final payment is not made in its window, the pre-order is cancelled and the deposit is refunded within 15 working days. Coupons, Mi Points and gift cards cannot be used on a pre-order.')}</p>
    </div>
  );
}
