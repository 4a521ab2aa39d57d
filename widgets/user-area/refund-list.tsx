import { camel, t } from '../lib/strings';
import { when } from '../lib/when';
import type { PriceDisplay } from '../../region-config/price-display.schema';
import type { Order, Refund } from '../request/orders-api';
import { money } from '../lib/money';

type Strings = Record<string, string> | undefined;

/** Where a refund goes: the card (its last four digits), a pay-later account, a gift card, a bank transfer. */
function destination(s: Strings, r: Refund): string {
  const { kind, last4 } = r.destination;
  if ((kind === 'card' || kind === 'gift_card') && !last4) return t(s, 'order.refund.to.original');
  return t(s, `order.refund.to.${camel(kind)}`, { last4: last4 ?? '' });
}

/**
 * Money going back on an order (a cancellation, a return, a late or second payment, parts of a cancelled split
 * payment, a lapsed deposit): why, how much, where it goes, where it stands and by when it is promised.
 */
export function RefundList({
  order: o,
  strings: s,
  display,
}: {
  order: Order;
  strings: Strings;
  display: PriceDisplay | undefined;
}) {
  // A lapsed deposit's refund is told by the pre-order's own status, with its reason.
  const refunds = (o.refunds ?? []).filter((r) => !(r.reason === 'presale_lapsed' && o.presale?.refund));
  if (refunds.length === 0) return null;
  return (
    <section class="refunds" aria-labelledby="order-refunds" data-testid="order-refunds">
      <h3 id="order-refunds">{t(s, 'order.refunds')}</h3>
      <ul>
        {refunds.map((r) => (
          <li key={`${r.reason}-${r.createdAt}`} data-state={r.state}>
            {t(s, `order.refund.reason.${camel(r.reason)}`)}: {money(r.amount, o.amounts.exponent, display)} ·{' '}
            {destination(s, r)} ·{' '}
            {t(s, `order.refund.state.${r.state}`, {
              date: when(r.state === 'succeeded' && r.refundedAt ? r.refundedAt : r.dueBy),
            })}
          </li>
        ))}
      </ul>
    </section>
  );
}
