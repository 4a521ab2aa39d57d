import { camel, t } from '../lib/strings';
import { when } from '../lib/when';
import { money } from '../lib/money';
import { currencyExponent } from '../../region-config/money';
import type { PriceDisplay } from '../../region-config/price-display.schema';
import type { ReturnDetail } from '../request/returns-api';

type Strings = Record<string, string> | undefined;

/**
 * A return's own facts on its request page: the units going back and why, the pick-up day (and the latest it may
 * be), the assessment (refund and its amount, or the refusal with its reason and the ship-back).
 */
export function ReturnStatus({
  detail: d,
  strings: s,
  display,
}: {
  detail: ReturnDetail;
  strings: Strings;
  display: PriceDisplay | undefined;
}) {
  return (
    <dl class="order-amounts" data-testid="return-status">
      <dt>{t(s, 'returns.reason')}</dt>
      <dd>{t(s, `returns.reason.${camel(d.reason)}`)}</dd>
      <dt>{t(s, 'returns.items')}</dt>
      <dd>
        <ul>
          {d.lines.map((l) => (
            <li key={l.lineNo}>
              {l.name} {l.spec} × {l.quantity}
            </li>
          ))}
        </ul>
      </dd>
      <dt>{t(s, 'returns.pickup')}</dt>
      <dd data-testid="return-pickup">
        {d.pickedUpAt
          ? t(s, 'returns.pickedUp', { date: when(d.pickedUpAt) })
          : d.pickupOn
            ? t(s, 'returns.pickupOn', { date: d.pickupOn })
            : t(s, 'returns.pickupBy', { date: d.pickupBy ?? '—' })}
      </dd>
      {d.refundAmount !== null ? (
        <>
          <dt>{t(s, 'returns.refund')}</dt>
          <dd data-testid="return-refund">
            {money(d.refundAmount, currencyExponent(d.currency), display)}
            {d.refundedAt ? ` · ${when(d.refundedAt)}` : ''}
          </dd>
        </>
      ) : null}
      {d.refusalReason ? (
        <>
          <dt>{t(s, 'returns.refused')}</dt>
          <dd data-testid="return-refused">
            {d.refusalReason}
            <br />
            {d.shippedBackAt
              ? t(s, 'returns.shippedBack', {
                  date: when(d.shippedBackAt),
                  carrier: d.shipBackCarrier ?? '',
                  tracking: d.shipBackTracking ?? '',
                })
              : t(s, 'returns.shipBackBy', { date: d.shipBackBy ? when(d.shipBackBy) : '—' })}
          </dd>
        </>
      ) : null}
    </dl>
  );
}
