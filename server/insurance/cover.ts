import type { Queryable } from '../db/types';
import type { OrderRow } from '../repositories/orders';
import { startCoverIn, type StartedPolicy } from '../repositories/insurance';
import { postMessageIn } from '../repositories/messages';
import { wantsIn } from '../repositories/notification-prefs';
import { userEmailIn } from '../repositories/users';
import { mailOutbox } from '../mail/outbox';
import { insuranceActiveMail, type ActiveCover } from '../mail/insurance-mails';
import { orderStepMailOrigin } from '../orders/order-steps';
import { findStorefront } from '../storefront';
import { translator } from '../i18n';
import { formatDate } from '../../region-config/format-date';

/** The started policies by device line: the product, how many units, and the end of their cover. */
function byLine(started: readonly StartedPolicy[]): Map<number, { product: string; units: number; endsAt: Date }> {
  const lines = new Map<number, { product: string; units: number; endsAt: Date }>();
  for (const p of started) {
    const line = lines.get(p.line_no);
    lines.set(p.line_no, { product: p.product_name, units: (line?.units ?? 0) + 1, endsAt: p.ends_at });
  }
  return lines;
}

/**
 * A delivery starts the cover of the insured units it brought (in the delivery's transaction, which holds the
 * order's lock): each from now for its plan's months. The shopper gets an inbox message per device line and one mail,
 * in the order's storefront language, as the notification preferences for orders allow.
 */
export async function startInsuranceIn(
  tx: Queryable,
  order: Pick<OrderRow, 'id' | 'user_id' | 'url_local'>,
): Promise<StartedPolicy[]> {
  const started = await startCoverIn(tx, order.id);
  const storefront = findStorefront(order.url_local);
  if (started.length === 0 || !storefront) return started;
  const t = translator(storefront);
  const covers: ActiveCover[] = [...byLine(started).values()].map((l) => ({
    product: l.product,
    units: l.units,
    until: formatDate(l.endsAt, storefront.region, 'dateFormatOnlyDate', storefront.lang),
  }));
  for (const cover of covers)
    await postMessageIn(tx, {
      userId: order.user_id,
      kind: 'order',
      title: t('insurance.message.activeTitle'),
      body: t('insurance.message.activeBody', { product: cover.product, count: cover.units, date: cover.until }),
      link: `/${storefront.urlLocal}/user/order/${order.id}/`,
    });
  if (!(await wantsIn(tx, order.user_id, 'mail', 'order'))) return started;
  const email = await userEmailIn(tx, order.user_id);
  if (email)
    await mailOutbox.enqueue(
      tx,
      insuranceActiveMail(
        orderStepMailOrigin(),
        storefront,
        email,
        order.id,
        covers,
        started
          .map((p) => p.id)
          .sort()
          .join(','),
      ),
    );
  return started;
}
