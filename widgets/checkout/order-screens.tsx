import { useEffect } from 'preact/hooks';
import { t } from '../lib/strings';
import type { CheckoutScreen, HostProps } from '../contract';
import { refreshMiscInfo } from '../state/cart-count';
import { checkoutApi, type Order } from '../request/orders-api';
import { useResource } from '../lib/use-resource';
import { useSubmit } from '../lib/use-submit';
import { money } from '../lib/money';
import { OrderAmounts, OrderLines } from '../lib/order-summary';
import { orderIdFromLocation, storePath } from '../lib/store-path';
import { when } from '../lib/when';
import { serverNow } from '../request/server-time';
import { KonbiniCodeOfOrder } from './konbini-code';
import { isPaidState } from '../../server/schemas/order';
import { trackPaidOrder } from './purchase-tracking';

type Props = HostProps<'checkout'>;

/** Loads the order of the page (?orderId= or /…/{id}/); the screens below render it. */
function useOrder(props: Props): { order: Order | null; message: string; orderId: string | null; reload: () => void } {
  const orderId = orderIdFromLocation();
  const order = useResource(() => (orderId ? checkoutApi.order(orderId) : Promise.resolve(null)), {
    strings: props.strings,
  });
  const load = () => void order.reload();
  return { order: order.data.value, message: order.error.value, orderId, reload: load };
}

function Waiting({ props, message, orderId }: { props: Props; message: string; orderId: string | null }) {
  if (!orderId) return <p role="alert">{t(props.strings, 'order.error.notFound')}</p>;
  return message ? (
    <p role="alert">{message}</p>
  ) : (
    <p class="checkout--loading">{t(props.strings, 'common.loading')}</p>
  );
}

/**
 * /payment-result, /payment-successful, /payment-completed (with /{id}): what the server recorded for the order:
 * paid (with the card), still unpaid (the payment failed or is pending: pay again), or cancelled (the period expired).
 */
export function PaymentResultScreen({ props }: { props: Props }) {
  const s = props.strings;
  const { order, message, orderId } = useOrder(props);
  // The cart and the header count change once an order is paid.
  useEffect(() => void refreshMiscInfo().catch(() => undefined), [order?.state]);
  // Where a card, instalment or wallet payment lands: the purchase, once the server says the order is paid.
  useEffect(() => void (order && trackPaidOrder(order)), [order?.state]);
  if (!order) return <Waiting props={props} message={message} orderId={orderId} />;
  const expired = order.state === 'cancelled' && order.cancelReason === 'payment_window';
  const heading = isPaidState(order.state)
    ? t(s, 'payment.result.paid')
    : order.state === 'unpaid'
      ? order.payBefore > serverNow()
        ? t(s, 'payment.result.pending')
        : t(s, 'payment.result.expired')
      : expired
        ? t(s, 'payment.result.expired')
        : t(s, 'payment.result.cancelled');
  return (
    <section
      class={`payment-result payment-result--${order.state}`}
      data-testid="payment-result"
      data-state={order.state}
    >
      <h2 role="status">{heading}</h2>
      <p>
        {t(s, 'order.number')}: <strong data-testid="result-order-id">{order.orderId}</strong>
        {order.paymentType ? ` · ${order.paymentType}` : ''}
      </p>
      {order.state === 'unpaid' ? <KonbiniCodeOfOrder props={props} orderId={order.orderId} /> : null}
      {order.state === 'unpaid' && order.payBefore > serverNow() ? (
        <p>
          <a class="button button--primary" href={storePath(`buy/card-payment/?orderId=${order.orderId}`)}>
            {t(s, 'payment.tryAgain')}
          </a>
        </p>
      ) : null}
      <OrderAmounts
        amounts={order.amounts}
        strings={s}
        display={props.priceDisplay}
        depositCredit={order.depositCredit}
        giftCardAmount={order.giftCardAmount}
        amountDue={order.amountDue}
      />
      <p>
        <a href={storePath(`user/order/${order.orderId}/`)}>{t(s, 'order.view')}</a> ·{' '}
        <a href={storePath('')}>{t(s, 'cart.continueShopping')}</a>
      </p>
    </section>
  );
}

/**
 * /checkout-again (and /business/checkout-again), /buy/payment, /payment-link: an unpaid order with what it costs
 * and until when; pay it by card, or cancel it. /payment-jump goes straight on to the card page.
 */
export function PayOrderScreen({ props, screen }: { props: Props; screen: CheckoutScreen }) {
  const s = props.strings;
  const { order, message, orderId, reload } = useOrder(props);
  const cancelling = useSubmit((id: string) => checkoutApi.cancel(id), { strings: s, onSuccess: reload });
  const note = cancelling.error;
  useEffect(() => {
    if (screen === 'payment-jump' && order?.state === 'unpaid')
      location.replace(storePath(`buy/card-payment/?orderId=${order.orderId}`));
  }, [order?.state]);
  if (!order) return <Waiting props={props} message={message} orderId={orderId} />;
  if (order.state !== 'unpaid') {
    return (
      <p data-testid="pay-order">
        {t(s, 'payment.notPayable')}{' '}
        <a href={storePath(`payment-result/${order.orderId}/`)}>{t(s, 'payment.seeResult')}</a>
      </p>
    );
  }
  if (screen === 'payment-jump') return <p role="status">{t(s, 'payment.jump')}</p>;
  const cancel = () => cancelling.run(order.orderId);
  return (
    <section class="pay-order" data-testid="pay-order">
      <p>
        {t(s, 'order.number')}: <strong>{order.orderId}</strong>
      </p>
      <p>{t(s, 'payment.payBefore', { time: when(order.payBefore) })}</p>
      <OrderLines lines={order.lines} amounts={order.amounts} strings={s} display={props.priceDisplay} />
      <OrderAmounts
        amounts={order.amounts}
        strings={s}
        display={props.priceDisplay}
        depositCredit={order.depositCredit}
        giftCardAmount={order.giftCardAmount}
        amountDue={order.amountDue}
      />
      <fieldset>
        <legend>{t(s, 'payment.method')}</legend>
        <p>
          <a
            class="button button--primary"
            href={storePath(`buy/card-payment/?orderId=${order.orderId}`)}
            data-testid="pay-by-card"
          >
            {t(s, 'payment.byCard')} · {money(order.amountDue, order.amounts.exponent, props.priceDisplay)}
          </a>
        </p>
        <p>
          <a href={storePath(`split-payment-details/bank-transfer-details/?orderId=${order.orderId}`)}>
            {t(s, 'payment.byTransfer')}
          </a>
        </p>
      </fieldset>
      <button type="button" class="button button--secondary" onClick={() => void cancel()}>
        {t(s, 'order.cancel')}
      </button>
      <p role="alert">{note.value}</p>
    </section>
  );
}

/** Sandbox bank account for transfers (a real store configures its own per country). */
const TRANSFER_ACCOUNT = {
  bank: 'Sandbox Bank',
  name: 'Mi Store Sandbox',
  iban: 'DE89 3704 0044 0532 0130 00',
  bic: 'COBADEFFXXX',
};

/**
 * /split-payment-details/{orderId} and …/bank-transfer-details: the order's payments so far and what remains, and
 * the account to transfer to with the order number as the reference.
 */
export function PaymentDetailsScreen({ props, screen }: { props: Props; screen: CheckoutScreen }) {
  const s = props.strings;
  const { order, message, orderId } = useOrder(props);
  // A bank transfer's details page shows the order paid once the transfer has arrived.
  useEffect(() => void (order && trackPaidOrder(order)), [order?.state]);
  if (!order) return <Waiting props={props} message={message} orderId={orderId} />;
  const paid = isPaidState(order.state);
  const total = money(order.amountDue, order.amounts.exponent, props.priceDisplay);
  return (
    <section class="payment-details" data-testid="payment-details">
      <dl>
        <dt>{t(s, 'order.number')}</dt>
        <dd>{order.orderId}</dd>
        <dt>{t(s, 'checkout.total')}</dt>
        <dd>{total}</dd>
        <dt>{t(s, 'payment.paid')}</dt>
        <dd>{paid ? total : money(0, order.amounts.exponent, props.priceDisplay)}</dd>
        <dt>{t(s, 'payment.remaining')}</dt>
        <dd>{paid ? money(0, order.amounts.exponent, props.priceDisplay) : total}</dd>
      </dl>
      {screen === 'bank-transfer' && !paid ? (
        <>
          <h2>{t(s, 'payment.transfer.title')}</h2>
          <dl data-testid="bank-transfer">
            <dt>{t(s, 'payment.transfer.bank')}</dt>
            <dd>{TRANSFER_ACCOUNT.bank}</dd>
            <dt>{t(s, 'payment.transfer.accountName')}</dt>
            <dd>{TRANSFER_ACCOUNT.name}</dd>
            <dt>IBAN</dt>
            <dd>{TRANSFER_ACCOUNT.iban}</dd>
            <dt>BIC</dt>
            <dd>{TRANSFER_ACCOUNT.bic}</dd>
            <dt>{t(s, 'payment.transfer.reference')}</dt>
            <dd>{order.orderId}</dd>
          </dl>
          <p>{t(s, 'payment.transfer.note', { time: when(order.payBefore) })}</p>
        </>
      ) : null}
      <p>
        <a href={storePath(`payment-result/${order.orderId}/`)}>{t(s, 'order.view')}</a>
      </p>
    </section>
  );
}
