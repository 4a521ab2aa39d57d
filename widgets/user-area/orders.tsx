import { useSignal } from '@preact/signals';
import { camel, t } from '../lib/strings';
import type { HostProps } from '../contract';
import { checkoutApi, type OrderState } from '../request/orders-api';
import { useResource } from '../lib/use-resource';
import { useSubmit } from '../lib/use-submit';
import { money } from '../lib/money';
import { OrderAmounts, OrderLines } from '../lib/order-summary';
import { orderIdFromLocation, storePath } from '../lib/store-path';
import { addressApi, addressLine, type Address } from '../request/address-api';
import { when } from '../lib/when';
import { PresaleStatus } from './presale-status';
import { RefundList } from './refund-list';
import { CancelPaidOrder } from './cancel-paid-order';
import { CodOrder } from './cod-order';
import { OrderTimeline } from './order-timeline';
import { ReviewNotice } from './review-notice';
import { InvoiceLinks } from './invoice-links';
import { ReturnAction } from './return-action';
import { KonbiniOrderCode } from './konbini-order-code';
import { InsurancePolicies } from './insurance-policies';

type Props = HostProps<'user-area'>;
type Strings = Record<string, string> | undefined;

const stateLabel = (s: Strings, state: OrderState) => t(s, `order.state.${camel(state)}`);

/** /user: the user's orders (id, time, state, amount), newest first, each linking to its detail. */
export function OrderList({ props }: { props: Props }) {
  const s = props.strings;
  const list = useResource(() => checkoutApi.orders(), { strings: s });
  const orders = list.data;
  const message = list.error;
  if (!orders.value) return <p>{message.value || t(s, 'common.loading')}</p>;
  if (orders.value.length === 0) return <p data-testid="order-list">{t(s, 'order.none')}</p>;
  return (
    <table class="order-table" data-testid="order-list">
      <caption>{t(s, 'order.list')}</caption>
      <thead>
        <tr>
          <th scope="col">{t(s, 'order.number')}</th>
          <th scope="col">{t(s, 'order.time')}</th>
          <th scope="col">{t(s, 'order.status')}</th>
          <th scope="col">{t(s, 'checkout.total')}</th>
        </tr>
      </thead>
      <tbody>
        {orders.value.map((o) => (
          <tr key={o.orderId} data-order={o.orderId}>
            <td>
              <a href={storePath(`user/order/${o.orderId}/`)}>{o.orderId}</a>
            </td>
            <td>{when(o.addTime)}</td>
            <td>
              {stateLabel(s, o.state)}
              {o.kind === 'deposit'
                ? ` · ${t(s, 'presale.kind.deposit')}`
                : o.kind === 'final'
                  ? ` · ${t(s, 'presale.kind.final')}`
                  : ''}
              {o.flow === 'company' ? (
                <span class="tag tag--blue" data-testid="business-order">
                  {' '}
                  {t(s, 'business.order.badge')}
                </span>
              ) : null}
            </td>
            <td>{money(o.amounts.total, o.amounts.exponent, props.priceDisplay)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * /user/order/{id}: lines, address, payment time and type, amounts; pay or cancel while unpaid; change the address
 * once.
 */
export function OrderDetail({ props }: { props: Props }) {
  const s = props.strings;
  const orderId = orderIdFromLocation();
  const addresses = useSignal<Address[]>([]);
  const message = useSignal('');
  const detail = useResource(() => (orderId ? checkoutApi.order(orderId) : Promise.resolve(null)), {
    strings: s,
    error: message,
  });
  const act = useSubmit((fn: () => Promise<unknown>) => fn(), {
    strings: s,
    error: message,
    onSuccess: () => void detail.reload(),
  });
  if (!orderId) return <p role="alert">{t(s, 'order.error.notFound')}</p>;
  const o = detail.data.value;
  if (!o) return <p>{message.value || t(s, 'common.loading')}</p>;
  return (
    <article class="order-detail" data-testid="order-detail" data-state={o.state}>
      <h2>
        {t(s, 'order.number')} {o.orderId} · {stateLabel(s, o.state)}
      </h2>
      <ReviewNotice state={o.state} strings={s} />
      <dl class="order-amounts">
        <dt>{t(s, 'order.time')}</dt>
        <dd>{when(o.addTime)}</dd>
        <dt>{t(s, 'order.payTime')}</dt>
        <dd>{o.payTime ? when(o.payTime) : '—'}</dd>
        <dt>{t(s, 'order.payType')}</dt>
        <dd>{o.paymentType === 'gift_card' ? t(s, 'giftCard.title') : (o.paymentType ?? '—')}</dd>
        <dt>{t(s, 'checkout.address')}</dt>
        <dd>
          {o.address['recipient']} · {o.address['phone']}
          <br />
          {addressLine(o.address)}
        </dd>
        {o.invoice ? (
          <>
            <dt>{t(s, 'checkout.invoice')}</dt>
            <dd>
              {o.invoice['type'] === 'company'
                ? `${o.invoice['companyName']} · ${o.invoice['taxId']}`
                : t(s, 'checkout.invoice.personal')}
            </dd>
          </>
        ) : null}
      </dl>
      <OrderLines lines={o.lines} amounts={o.amounts} strings={s} display={props.priceDisplay} />
      <OrderAmounts
        amounts={o.amounts}
        strings={s}
        display={props.priceDisplay}
        depositCredit={o.depositCredit}
        giftCardAmount={o.giftCardAmount}
        amountDue={o.amountDue}
      />
      <InsurancePolicies strings={s} display={props.priceDisplay} orderId={o.orderId} />
      <PresaleStatus order={o} strings={s} display={props.priceDisplay} />
      <RefundList order={o} strings={s} display={props.priceDisplay} />
      <CancelPaidOrder order={o} strings={s} display={props.priceDisplay} onCancelled={() => detail.reload()} />
      <CodOrder order={o} strings={s} display={props.priceDisplay} onChanged={() => detail.reload()} />
      <OrderTimeline order={o} strings={s} />
      <InvoiceLinks orderId={o.orderId} strings={s} display={props.priceDisplay} exponent={o.amounts.exponent} />
      <ReturnAction order={o} strings={s} />
      {o.kind === 'final' && o.parentOrderId ? (
        <p>
          <a href={storePath(`user/order/${o.parentOrderId}/`)}>
            {t(s, 'presale.depositOrder', { id: o.parentOrderId })}
          </a>
        </p>
      ) : null}
      {o.state === 'unpaid' ? <KonbiniOrderCode orderId={o.orderId} strings={s} /> : null}
      {o.state === 'unpaid' ? (
        <p class="form-actions">
          <a class="button button--primary" href={storePath(`buy/card-payment/?orderId=${o.orderId}`)}>
            {t(s, 'payment.tryAgain')}
          </a>
          <button
            type="button"
            class="button button--secondary"
            onClick={() => void act.run(() => checkoutApi.cancel(o.orderId))}
            data-testid="order-cancel"
          >
            {t(s, 'order.cancel')}
          </button>
        </p>
      ) : null}
      {o.addressChangeable ? (
        <details onToggle={() => void addressApi.list().then((b) => (addresses.value = b.addresses))}>
          <summary>{t(s, 'order.changeAddress')}</summary>
          {addresses.value.map((a) => (
            <p key={a.id}>
              <button
                type="button"
                class="button button--secondary"
                onClick={() => void act.run(() => checkoutApi.changeAddress(o.orderId, a.id))}
              >
                {a.recipient} · {addressLine(a)}
              </button>
            </p>
          ))}
        </details>
      ) : null}
      <p role="alert">{message.value}</p>
      <p>
        <a href={storePath('user/')}>{t(s, 'order.back')}</a>
      </p>
    </article>
  );
}
