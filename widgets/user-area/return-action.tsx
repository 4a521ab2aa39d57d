import { t } from '../lib/strings';
import { useResource } from '../lib/use-resource';
import { storePath } from '../lib/store-path';
import { when } from '../lib/when';
import type { Order } from '../request/orders-api';
import { returnsApi } from '../request/returns-api';

type Strings = Record<string, string> | undefined;

/** Orders some of whose units may have arrived: the ones a return can be asked for. */
const ARRIVING: readonly Order['state'][] = ['partially_shipped', 'shipped', 'delivered'];

/**
 * /user/order/{id}: "Return items" while some delivered units can still go back (within the country's window), with
 * the last day to ask; it opens the after-sales form with the order chosen.
 */
export function ReturnAction({ order: o, strings: s }: { order: Order; strings: Strings }) {
  const eligible = ARRIVING.includes(o.state) && o.kind !== 'deposit';
  const returnable = useResource(() => (eligible ? returnsApi.returnable(o.orderId) : Promise.resolve(null)), {
    strings: s,
  }).data.value;
  const open = returnable?.lines.filter((l) => l.returnable > 0) ?? [];
  if (open.length === 0) return null;
  const deadline = Math.max(...open.map((l) => l.deadline ?? 0));
  return (
    <p class="form-actions" data-testid="order-return">
      <a
        class="button button--secondary"
        href={storePath(`support/aftersales/apply/?kind=return&orderId=${o.orderId}`)}
      >
        {t(s, 'returns.action')}
      </a>{' '}
      <small>{t(s, 'returns.actionUntil', { date: when(deadline) })}</small>
    </p>
  );
}
