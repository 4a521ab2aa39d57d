import { t } from '../lib/strings';
import { money } from '../lib/money';
import type { SectionProps } from './checkout-state';

/**
 * The delivery methods with their days and fees (and the Mi Club level that makes express free); choosing one asks for
 * a new quote.
 */
export function DeliverySection({ c, q, s, display }: SectionProps) {
  return (
    <fieldset class="checkout__section">
      <legend>{t(s, 'checkout.delivery')}</legend>
      {q.delivery.map((d) => (
        <label class="choice" key={d.id}>
          <input
            type="radio"
            name="deliveryMethod"
            value={d.id}
            checked={c.delivery.value === d.id}
            onChange={() => void c.loadQuote(d.id)}
          />
          <span>
            {t(s, `checkout.delivery.${d.id}`)} (
            {t(s, 'checkout.deliveryDays', { from: d.days[0] ?? 1, to: d.days[1] ?? 5 })}) —{' '}
            {d.fee === 0 ? t(s, 'checkout.free') : money(d.fee, q.amounts.exponent, display)}
            {d.clubLevel ? (
              <small class="hint" data-testid="club-free-express" data-level={d.clubLevel}>
                {' '}
                {t(s, 'club.freeExpress', { level: t(s, `club.level.${d.clubLevel}`) })}
              </small>
            ) : null}
          </span>
        </label>
      ))}
    </fieldset>
  );
}
