import { useSignal } from '@preact/signals';
import { t } from '../lib/strings';
import type { HostProps } from '../contract';
import { useSubmit } from '../lib/use-submit';
import { konbiniApi } from '../request/konbini-api';
import type { StoreId } from '../../server/schemas/payment-methods';
import { AsyncPaymentStatus } from './async-payment-status';
import { KonbiniCodeOfPayment } from './konbini-code';
import { STORE_NAMES, brand } from './method-names';
import { PayStep } from './pay-step';

type Props = HostProps<'checkout'>;

/**
 * Pays the order at a convenience-store counter: the shopper asks for a code of the chosen chain, then sees the code,
 * its barcode and deadline, and the payment's state polled until the counter's payment arrives or the code lapses.
 * The server checks the chain is offered (amount within its maximum) and holds the order and its stock as long.
 */
export function KonbiniPayment({ props, orderId, store }: { props: Props; orderId: string; store: StoreId }) {
  const s = props.strings;
  const message = useSignal('');
  const paymentId = useSignal<string | null>(null);
  const starting = useSubmit(() => konbiniApi.start({ orderId, store }), {
    strings: s,
    error: message,
    onSuccess: (answer) => (paymentId.value = answer.paymentId),
  });
  if (paymentId.value) {
    return (
      <div class="konbini-payment" data-testid="konbini-payment">
        <KonbiniCodeOfPayment props={props} paymentId={paymentId.value} />
        <AsyncPaymentStatus props={props} paymentId={paymentId.value} />
      </div>
    );
  }
  const lang = typeof document === 'undefined' ? 'en' : document.documentElement.lang;
  return (
    <div class="konbini-payment" data-testid="konbini-payment">
      <PayStep message={message} busy={starting.busy} onPay={() => void starting.run()} testId="konbini-start">
        {t(s, 'payment.konbini.start', { store: brand(STORE_NAMES[store], lang) })}
      </PayStep>
    </div>
  );
}
