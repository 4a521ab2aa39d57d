import { t } from '../lib/strings';
import { useResource } from '../lib/use-resource';
import { when } from '../lib/when';
import { konbiniApi } from '../request/konbini-api';
import { serverNow } from '../request/server-time';

/**
 * On an unpaid order's page: the convenience-store code still waiting at the counter (and its confirmation number),
 * its deadline, and a link to the page with its barcode. Nothing once it is paid or lapsed, or for another method.
 */
export function KonbiniOrderCode({
  orderId,
  strings: s,
}: {
  orderId: string;
  strings: Record<string, string> | undefined;
}) {
  // No code (another method, or a lapsed one) answers null; a failure only leaves this part out.
  const resource = useResource(() => konbiniApi.ofOrder(orderId), { strings: s, onFailure: () => {} }, [orderId]);
  const code = resource.data.value?.code ?? null;
  if (code?.state !== 'pending' || code.expiresAt <= serverNow()) return null;
  return (
    <section class="konbini-order-code" data-testid="konbini-order-code">
      <p>
        {t(s, 'payment.konbini.code')}:{' '}
        <strong translate={false} data-testid="konbini-order-code-number">
          {code.code}
        </strong>
        {code.confirmation ? (
          <>
            {' · '}
            {t(s, 'payment.konbini.confirmation')}: <strong translate={false}>{code.confirmation}</strong>
          </>
        ) : null}
      </p>
      <p>{t(s, 'payment.payBefore', { time: when(code.expiresAt) })}</p>
      <p>
        <a href={code.resultUrl}>{t(s, 'payment.konbini.showBarcode')}</a>
      </p>
    </section>
  );
}
