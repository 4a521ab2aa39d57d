import { useSignal } from '@preact/signals';
import { t } from '../lib/strings';
import { money } from '../lib/money';
import { failureMessage } from '../lib/failure';
import { cartInsure } from '../state/cart-api';
import type { SectionProps } from './checkout-state';

/**
 * Device insurance at checkout: each line the plan can cover, with its price per unit and what it covers; a choice
 * here is the cart's (POST cart/insurance), then the quote is asked again, so the server prices what is placed.
 */
export function InsuranceSection({ c, q, s, display }: SectionProps) {
  const busy = useSignal(false);
  if (q.insurance.offers.length === 0 || q.presale) return null;
  const exponent = q.amounts.exponent;
  const choose = async (commodityId: string, insured: boolean) => {
    busy.value = true;
    try {
      await cartInsure(commodityId, insured);
      await c.loadQuote(c.delivery.value);
    } catch (e) {
      c.message.value = failureMessage(e, s);
    } finally {
      busy.value = false;
    }
  };
  const first = q.insurance.offers[0]!;
  return (
    <fieldset class="checkout__section" data-testid="checkout-insurance">
      <legend>{t(s, 'insurance.title')}</legend>
      {q.insurance.offers.map((o) => (
        <label class="choice" key={o.commodityId}>
          <input
            type="checkbox"
            checked={o.insured}
            disabled={busy.value}
            onChange={(e) => void choose(o.commodityId, (e.target as HTMLInputElement).checked)}
          />
          <span>
            <strong>{t(s, 'insurance.plan.forProduct', { product: o.name })}</strong>
            {' · '}
            {t(s, 'insurance.offer.perUnit', { price: money(o.unitPrice, exponent, display), count: o.quantity })}
            <br />
            <small>
              {t(s, 'insurance.offer.cover', { count: o.coverMonths })}{' '}
              {t(s, 'insurance.offer.claims', { count: o.claimsPerYear })}
            </small>
          </span>
        </label>
      ))}
      <p class="field__hint">{t(s, 'insurance.offer.terms', { count: first.withdrawalDays })}</p>
      {q.insurance.total > 0 ? (
        <p data-testid="checkout-insurance-total">
          {t(s, 'insurance.offer.total', { amount: money(q.insurance.total, exponent, display) })}
        </p>
      ) : null}
    </fieldset>
  );
}
