import { t } from '../lib/strings';
import type { HostProps } from '../contract';
import { checkoutApi } from '../request/orders-api';
import { useResource } from '../lib/use-resource';
import { money } from '../lib/money';
import { storePath } from '../lib/store-path';

type Props = HostProps<'user-area'>;

/** /user/points-center/exchange/details: the Mi Points balance, what points are worth here, and their history. */
export function PointsCentre({ props }: { props: Props }) {
  const s = props.strings;
  const points = useResource(() => checkoutApi.points(), { strings: s });
  const data = points.data;
  const message = points.error;
  const d = data.value;
  if (!d) return <p>{message.value || t(s, 'common.loading')}</p>;
  const worth = (points: number) => money(points * d.pointValue, d.exponent, props.priceDisplay);
  return (
    <section class="points-centre" data-testid="points-centre">
      <p class="order-amounts__total" data-testid="points-balance">
        {t(s, 'points.balance', { count: d.balance, amount: worth(d.balance) })}
      </p>
      <ul>
        <li>{t(s, 'points.rule.value', { amount: worth(10) })}</li>
        <li>{t(s, 'points.rule.min', { count: d.minRedeem })}</li>
        <li>{t(s, 'points.rule.earn', { amount: money(d.earnPer, d.exponent, props.priceDisplay) })}</li>
        <li>{t(s, 'points.rule.refund')}</li>
      </ul>
      <table class="order-table">
        <caption>{t(s, 'points.history')}</caption>
        <tbody>
          {d.history.map((h, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the history is one page replaced whole, never reordered
            <tr key={i}>
              <td>{new Date(h.time).toLocaleString(document.documentElement.lang || undefined)}</td>
              <td>{t(s, h.reason === 'birthday' ? 'club.reason.birthday' : `points.reason.${h.reason}`)}</td>
              <td>{h.orderId ? <a href={storePath(`user/order/${h.orderId}/`)}>{h.orderId}</a> : '—'}</td>
              <td>{h.delta > 0 ? `+${h.delta}` : h.delta}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
