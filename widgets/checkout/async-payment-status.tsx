import { useEffect } from 'preact/hooks';
import { t } from '../lib/strings';
import type { HostProps } from '../contract';
import { checkoutApi } from '../request/orders-api';
import { useResource } from '../lib/use-resource';
import { storePath } from '../lib/store-path';
import { asyncStateText, isFinalState, paymentIdFromLocation } from './async-payment-model';
import { KonbiniCodeOfPayment } from './konbini-code';
import { usePurchaseWhenPaid } from './purchase-tracking';

type Props = HostProps<'checkout'>;

/** How often a pending payment is asked again: the provider's webhook usually lands within seconds. */
const POLL_MS = 3000;

/**
 * Where an e-wallet or QRIS payment stands, asked again every few seconds until it is paid, failed or expired; the
 * outcome is announced in a live region and comes with the next action (see the order, or pay again).
 */
export function AsyncPaymentStatus({ props, paymentId }: { props: Props; paymentId: string }) {
  const s = props.strings;
  const resource = useResource(() => checkoutApi.asyncResult(paymentId), { strings: s }, [paymentId]);
  const st = resource.data.value;
  const final = st ? isFinalState(st.state) : false;
  usePurchaseWhenPaid(st?.orderId, st?.state === 'paid');
  useEffect(() => {
    if (final || resource.loading.value) return;
    const timer = setTimeout(() => void resource.reload(), POLL_MS);
    return () => clearTimeout(timer);
  }, [st, final, resource.loading.value, resource.error.value]);
  return (
    <section class="payment-result" data-testid="async-result" data-state={st?.state ?? 'loading'}>
      <p role="status" aria-live="polite">
        {st ? t(s, asyncStateText(st.state)) : resource.error.value || t(s, 'common.loading')}
      </p>
      {st ? (
        <div class="form-actions">
          <a class="button button--primary" href={storePath(`user/order/${st.orderId}/`)}>
            {t(s, 'payment.async.viewOrder')}
          </a>
          {st.state === 'failed' || st.state === 'expired' ? (
            <a class="button" href={storePath(`buy/card-payment/?orderId=${st.orderId}`)} data-testid="async-pay-again">
              {t(s, 'payment.async.payAgain')}
            </a>
          ) : null}
          {final ? null : (
            <button
              type="button"
              class="button"
              disabled={resource.loading.value}
              onClick={() => void resource.reload()}
            >
              {t(s, 'payment.async.check')}
            </button>
          )}
        </div>
      ) : null}
    </section>
  );
}

/**
 * /checkout/payment-result/{paymentId}/: the provider's return address. It shows what the server reads from the
 * provider's books (polling while pending), never what the return URL claims.
 */
export function AsyncResultScreen({ props }: { props: Props }) {
  const paymentId = paymentIdFromLocation();
  if (!paymentId) return <p role="alert">{t(props.strings, 'order.error.notFound')}</p>;
  return (
    <>
      <KonbiniCodeOfPayment props={props} paymentId={paymentId} />
      <AsyncPaymentStatus props={props} paymentId={paymentId} />
    </>
  );
}
