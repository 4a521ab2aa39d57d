import { t } from '../lib/strings';
import { useResource } from '../lib/use-resource';
import { dateTime, type Strings } from '../lib/support-parts';
import { request } from '../request';
import { site } from '../state/site';
import type { Camelized } from '../request/camelized';
import type { OrderLegalAnswer } from '../../server/schemas/legal';

/**
 * Which versions of the terms of sale and the privacy policy the shopper accepted with the order staff look at, and
 * in which language each was shown (GET /staff/orders/legal).
 */
export function OrderLegal({ s, orderId, api }: { s: Strings; orderId: string; api?: string | undefined }) {
  const legal = useResource(
    () => request<Camelized<OrderLegalAnswer>>(`${api ?? site.value.api}/staff/orders/legal`, { params: { orderId } }),
    { strings: s },
    [orderId],
  );
  const accepted = legal.data.value?.legal;
  if (legal.data.value === null) return legal.error.value ? <p role="alert">{legal.error.value}</p> : null;
  return (
    <p data-testid="staff-order-legal">
      {accepted
        ? t(s, 'page.legal.staffAccepted', {
            terms: accepted.termsVersion,
            termsLanguage: accepted.termsLanguage,
            privacy: accepted.privacyVersion,
            privacyLanguage: accepted.privacyLanguage,
            date: dateTime(Date.parse(accepted.acceptedAt)),
          })
        : t(s, 'page.legal.staffNone')}
    </p>
  );
}
