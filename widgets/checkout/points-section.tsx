import { t } from '../lib/strings';
import { money } from '../lib/money';
import type { SectionProps } from './checkout-state';

/** Mi Points to spend on the order, within what the quote allows; the quote says why an amount is refused. */
export function PointsSection({ c, q, s, display }: SectionProps) {
  const p = q.points;
  if (!p || p.balance <= 0 || q.presale) return null;
  return (
    <fieldset class="checkout__section" data-testid="checkout-points">
      <legend>{t(s, 'points.title')}</legend>
      <p>
        {t(s, 'points.available', { count: p.balance })}{' '}
        {t(s, 'points.usable', {
          count: p.max,
          min: p.min,
          max: p.max,
          value: money(p.pointValue * 10, q.amounts.exponent, display),
        })}
      </p>
      <div class="field">
        <label for="checkout-points-input">{t(s, 'points.use')}</label>
        <input
          id="checkout-points-input"
          name="points"
          type="number"
          min={0}
          max={p.max}
          step={1}
          value={c.points.value || ''}
          aria-invalid={p.refused ? 'true' : undefined}
          aria-describedby={p.refused ? 'checkout-points-error' : undefined}
          onChange={(ev) => {
            c.points.value = Math.max(0, Math.floor(Number((ev.target as HTMLInputElement).value)) || 0);
            void c.loadQuote(c.delivery.value);
          }}
        />
      </div>
      {p.refused ? (
        <p id="checkout-points-error" role="alert" class="field__error">
          {t(
            s,
            `points.error.${
              p.refused === 'below_minimum' ? 'belowMinimum' : p.refused === 'not_enough' ? 'notEnough' : 'overShare'
            }`,
          )}
        </p>
      ) : null}
    </fieldset>
  );
}
