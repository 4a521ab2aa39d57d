import { useSignal } from '@preact/signals';
import { t } from '../lib/strings';
import type { HostProps } from '../contract';
import { checkoutApi } from '../request/orders-api';
import { useResource } from '../lib/use-resource';
import { orderIdFromLocation, storePath } from '../lib/store-path';
import { usePurchaseWhenPaid } from './purchase-tracking';

type Props = HostProps<'checkout'>;

/**
 * /checkout/bnpl-result/{orderId}/?payment=: where the pay-later provider sends the shopper back. It shows what the
 * server recorded (asking the provider itself if its answer has not arrived yet), never what the URL claims.
 */
export function BnplResultScreen({ props }: { props: Props }) {
  const s = props.strings;
  const orderId = orderIdFromLocation();
  const paymentId = new URLSearchParams(location.search).get('payment');
  const message = useSignal('');
  const resource = useResource(
    () =>
      orderId
        ? checkoutApi.planStatus(paymentId && /^\d{1,18}$/.test(paymentId) ? { paymentId } : { orderId })
        : Promise.resolve(null),
    { strings: s, error: message },
  );
  const status = resource.data;
  const busy = resource.loading;
  const load = () => void resource.reload();
  usePurchaseWhenPaid(status.value?.orderId, status.value?.state === 'succeeded');

  if (!orderId) return <p role="alert">{t(s, 'order.error.notFound')}</p>;
  const st = status.value;
  if (!st)
    return (
      <p class="checkout--loading" role="status">
        {message.value || t(s, 'common.loading')}
      </p>
    );
  return (
    <section class="payment-result" data-testid="bnpl-result" data-state={st.state} aria-live="polite">
      <h2>{t(s, `payment.bnpl.result.${st.state}`)}</h2>
      <p>{t(s, `payment.bnpl.result.${st.state}Text`, { provider: st.provider.name, orderId: st.orderId })}</p>
      <div class="form-actions">
        <a class="button button--primary" href={storePath(`user/order/${st.orderId}/`)} data-testid="bnpl-result-order">
          {t(s, 'payment.bnpl.result.viewOrder')}
        </a>
        {st.state === 'failed' ? (
          <a class="button" href={storePath(`buy/card-payment/?orderId=${st.orderId}`)}>
            {t(s, 'payment.bnpl.result.payAgain')}
          </a>
        ) : null}
        {st.state === 'pending' ? (
          <button type="button" class="button" disabled={busy.value} onClick={load}>
            {t(s, 'payment.bnpl.result.check')}
          </button>
        ) : null}
      </div>
    </section>
  );
}
