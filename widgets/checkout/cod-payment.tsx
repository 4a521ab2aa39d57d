import { useSignal } from '@preact/signals';
import { t } from '../lib/strings';
import { money } from '../lib/money';
import { useSubmit } from '../lib/use-submit';
import { useResource } from '../lib/use-resource';
import { storePath } from '../lib/store-path';
import type { HostProps } from '../contract';
import { codApi, type CodOrder } from '../request/cod-api';
import { paymentMethodsApi } from '../request/payment-methods-api';
import { PayStep } from './pay-step';

type Props = HostProps<'checkout'>;

/**
 * Cash on delivery: the amount to have ready for the courier (the method's fee included), one button that confirms
 * the order without paying, then the confirmation with a link to the order. The server checks the method is offered
 * (the country's maximum, no pre-order, no gift card) and answers the amount it recorded; this shows that amount.
 */
export function CodPayment({ props, orderId }: { props: Props; orderId: string }) {
  const s = props.strings;
  const message = useSignal('');
  const done = useSignal<CodOrder | null>(null);
  // What is left to pay and the method's fee, as the server's method list has them for this order.
  const list = useResource(() => paymentMethodsApi.list(orderId, {}), { strings: s, error: message }, [orderId]);
  const exponent = list.data.value?.exponent ?? 0;
  const fmt = (minor: number) => money(minor, exponent, props.priceDisplay);
  const confirming = useSubmit(() => codApi.confirm(orderId), {
    strings: s,
    error: message,
    onSuccess: (answer) => {
      done.value = answer;
    },
  });
  if (done.value)
    return (
      <div class="cod-payment" data-testid="cod-confirmed">
        <p role="status">{t(s, 'payment.cod.confirmed', { amount: fmt(done.value.amount) })}</p>
        <p>
          <a class="button button--primary" href={storePath(`user/order/${orderId}/`)} data-testid="cod-view-order">
            {t(s, 'payment.async.viewOrder')}
          </a>
        </p>
      </div>
    );
  const answer = list.data.value;
  const fee = answer?.methods.find((m) => m.key === 'cod')?.fee ?? 0;
  return (
    <div class="cod-payment" data-testid="cod-payment">
      {answer ? <p>{t(s, 'payment.cod.ready', { amount: fmt(answer.amount + fee) })}</p> : null}
      {fee > 0 ? <p>{t(s, 'payment.cod.fee', { fee: fmt(fee) })}</p> : null}
      <PayStep
        message={message}
        busy={confirming.busy}
        disabled={!answer}
        onPay={() => void confirming.run()}
        testId="cod-confirm"
      >
        {t(s, 'payment.cod.confirm')}
      </PayStep>
    </div>
  );
}
