import { useSignal } from '@preact/signals';
import { useEffect } from 'preact/hooks';
import { t } from '../lib/strings';
import type { HostProps } from '../contract';
import { refreshMiscInfo } from '../state/cart-count';
import { checkoutApi, type SplitSummary } from '../request/orders-api';
import { CardFields, emptyCard } from './card-fields';
import { useResource } from '../lib/use-resource';
import { useSubmit } from '../lib/use-submit';
import { money } from '../lib/money';
import { isPaidState } from '../../server/schemas/order';
import { orderIdFromLocation, storePath } from '../lib/store-path';
import { usePurchaseWhenPaid } from './purchase-tracking';

type Props = HostProps<'checkout'>;
type Strings = Props['strings'];

/** What one part may take: the server's per-card maximum (card parts) and what is left. */
export function partMax(
  summary: Pick<SplitSummary, 'remaining' | 'maxCardPart'>,
  method: 'card' | 'bank_transfer',
): number {
  return method === 'card' ? Math.min(summary.maxCardPart, summary.remaining) : summary.remaining;
}

/**
 * An amount typed in major units ("12500.50") as integer minor units, or null when it is not a positive amount with
 * at most the currency's decimals.
 * @example toMinorInput('12500.5', 2) // 1_250_050
 */
export function toMinorInput(typed: string, exponent: number): number | null {
  const text = typed.trim().replace(',', '.');
  if (!new RegExp(`^\\d+(\\.\\d{0,${exponent}})?$`).test(text)) return null;
  const [whole = '0', fraction = ''] = text.split('.');
  const minor = Number(whole) * 10 ** exponent + Number(fraction.padEnd(exponent, '0') || '0');
  return Number.isSafeInteger(minor) && minor > 0 ? minor : null;
}

function Parts({ summary, strings: s, props }: { summary: SplitSummary; strings: Strings; props: Props }) {
  const m = (n: number) => money(n, summary.exponent, props.priceDisplay);
  if (summary.parts.length === 0) return <p data-testid="split-parts-none">{t(s, 'business.split.noParts')}</p>;
  return (
    <table class="split-parts" data-testid="split-parts">
      <caption>{t(s, 'business.split.parts')}</caption>
      <tbody>
        {summary.parts.map((p) => (
          <tr key={p.id} data-state={p.state} data-method={p.method}>
            <td>
              {p.method === 'card' ? (p.card ?? t(s, 'business.split.byCard')) : t(s, 'business.split.byTransfer')}
            </td>
            <td>{m(p.amount)}</td>
            <td>{t(s, `business.split.state.${p.state}`)}</td>
            <td>
              {p.method === 'bank_transfer' && p.reference ? `${t(s, 'business.split.reference')}: ${p.reference}` : ''}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Where and how to transfer one announced part: the account and the part's own reference. */
function TransferInstructions({
  summary,
  amount,
  reference,
  strings: s,
  props,
}: {
  summary: SplitSummary;
  amount: number;
  reference: string;
  strings: Strings;
  props: Props;
}) {
  const a = summary.transferAccount;
  return (
    <section data-testid="split-transfer">
      <h3>{t(s, 'payment.transfer.title')}</h3>
      <dl class="bank-transfer">
        <dt>{t(s, 'payment.transfer.bank')}</dt>
        <dd>{a.bank}</dd>
        <dt>{t(s, 'payment.transfer.accountName')}</dt>
        <dd>{a.name}</dd>
        <dt>IBAN</dt>
        <dd>{a.iban}</dd>
        <dt>BIC</dt>
        <dd>{a.bic}</dd>
        <dt>{t(s, 'business.split.reference')}</dt>
        <dd data-testid="split-transfer-reference">{reference}</dd>
      </dl>
      <p>{t(s, 'business.split.transferNote', { amount: money(amount, summary.exponent, props.priceDisplay) })}</p>
    </section>
  );
}

/** The split payment's state: the figures from the server, the part being entered, and paying it. */
function useSplitPayment(props: Props, orderId: string | null) {
  const s = props.strings;
  const method = useSignal<'card' | 'bank_transfer'>('card');
  const amount = useSignal('');
  const card = useSignal(emptyCard());
  const errors = useSignal<Record<string, string>>({});
  const message = useSignal('');
  const note = useSignal('');
  const transfer = useSignal<{ amount: number; reference: string } | null>(null);
  const split = useResource(() => (orderId ? checkoutApi.split(orderId) : Promise.resolve(null)), {
    strings: s,
    error: message,
  });
  const load = () => void split.reload();
  const part = useSubmit(
    async (id: string, minor: number, exponent: number) => {
      if (method.value === 'card') {
        const paid = await checkoutApi.splitCard({ orderId: id, amount: minor, ...card.value });
        card.value = emptyCard();
        note.value = paid.paid
          ? ''
          : t(s, 'business.split.partPaid', { amount: money(paid.remaining, exponent, props.priceDisplay) });
      } else {
        const announced = await checkoutApi.splitTransfer(id, minor);
        transfer.value = { amount: minor, reference: announced.reference };
      }
      amount.value = '';
    },
    {
      strings: s,
      error: message,
      onSuccess: load,
      onFailure: (f) => {
        errors.value = f.fields;
        load();
      },
    },
  );
  const summary = split.data;
  usePurchaseWhenPaid(summary.value?.orderId, summary.value ? isPaidState(summary.value.state) : false);
  // The header's cart count changes once the order is paid.
  useEffect(
    () => void (summary.value?.state === 'paid' ? refreshMiscInfo().catch(() => undefined) : undefined),
    [summary.value?.state],
  );
  return { method, amount, card, errors, message, note, transfer, summary, part };
}
type SplitState = ReturnType<typeof useSplitPayment>;

/** The order's figures: due, paid, held and what is left. */
function SplitFigures({ x, s, m }: { x: SplitSummary; s: Strings; m: (n: number) => string }) {
  return (
    <dl data-testid="split-summary">
      <dt>{t(s, 'order.number')}</dt>
      <dd>{x.orderId}</dd>
      <dt>{t(s, 'business.split.due')}</dt>
      <dd data-testid="split-due">{m(x.due)}</dd>
      <dt>{t(s, 'business.split.paid')}</dt>
      <dd data-testid="split-paid">{m(x.paid)}</dd>
      {x.held > 0 ? (
        <>
          <dt>{t(s, 'business.split.held')}</dt>
          <dd data-testid="split-held">{m(x.held)}</dd>
        </>
      ) : null}
      <dt>{t(s, 'business.split.remaining')}</dt>
      <dd data-testid="split-remaining">{m(x.remaining)}</dd>
    </dl>
  );
}

/** The next part: by card or announced as a bank transfer, at most what the server allows. */
function SplitForm({
  st,
  x,
  orderId,
  s,
  m,
}: {
  st: SplitState;
  x: SplitSummary;
  orderId: string;
  s: Strings;
  m: (n: number) => string;
}) {
  const { method, amount, card, errors, message, note, part } = st;
  const max = partMax(x, method.value);
  const step = (1 / 10 ** x.exponent).toFixed(x.exponent);
  const submit = async (e: Event) => {
    e.preventDefault();
    errors.value = {};
    message.value = '';
    note.value = '';
    const minor = toMinorInput(amount.value, x.exponent);
    if (minor === null || minor > max) {
      errors.value = { amount: 'range' };
      return;
    }
    await part.run(orderId, minor, x.exponent);
  };
  return (
    <form onSubmit={(e) => void submit(e)} noValidate data-testid="split-form">
      <fieldset>
        <legend>{t(s, 'payment.method')}</legend>
        <label class="field field--check">
          <input
            type="radio"
            name="split-method"
            checked={method.value === 'card'}
            onChange={() => (method.value = 'card')}
          />
          {t(s, 'business.split.payCard')}
        </label>
        <label class="field field--check">
          <input
            type="radio"
            name="split-method"
            checked={method.value === 'bank_transfer'}
            onChange={() => (method.value = 'bank_transfer')}
          />
          {t(s, 'business.split.payTransfer')}
        </label>
      </fieldset>
      <div class="field">
        <label for="split-amount">{t(s, 'business.split.amount')}</label>
        <input
          id="split-amount"
          name="amount"
          type="number"
          inputMode="decimal"
          required
          min={step}
          step={step}
          max={(max / 10 ** x.exponent).toFixed(x.exponent)}
          value={amount.value}
          aria-invalid={errors.value['amount'] ? 'true' : undefined}
          aria-describedby="split-amount-hint"
          onInput={(ev) => (amount.value = (ev.target as HTMLInputElement).value)}
        />
        <small id="split-amount-hint" data-testid="split-max">
          {t(s, 'business.split.max', { amount: m(max) })}
        </small>
        {errors.value['amount'] ? (
          <small class="field__error">{t(s, 'business.split.amountError', { min: m(1), max: m(max) })}</small>
        ) : null}
      </div>
      {method.value === 'card' ? <CardFields idPrefix="split" card={card} errors={errors} strings={s} /> : null}
      <p role="status" data-testid="split-note">
        {note.value}
      </p>
      <p role="alert" class="form-message" data-testid="split-message">
        {message.value}
      </p>
      <button type="submit" class="button button--primary" disabled={part.busy.value} data-testid="split-submit">
        {method.value === 'card' ? t(s, 'business.split.payCard') : t(s, 'business.split.payTransfer')}
      </button>
    </form>
  );
}

/**
 * /split-payment-details/{orderId}: a company order paid in parts. Lists the parts so far and what is left;
 * pays the next part by card (at most the server's per-card maximum and what is left) or announces it as a bank
 * transfer and shows where to send it. Every figure comes from GET payment/split, reloaded after each part.
 */
export function SplitPaymentScreen({ props }: { props: Props }) {
  const s = props.strings;
  const orderId = orderIdFromLocation();
  const st = useSplitPayment(props, orderId);
  const { message, transfer } = st;

  if (!orderId) return <p role="alert">{t(s, 'order.error.notFound')}</p>;
  const x = st.summary.value;
  if (!x)
    return (
      <p class="checkout--loading" role={message.value ? 'alert' : undefined}>
        {message.value || t(s, 'common.loading')}
      </p>
    );
  const m = (n: number) => money(n, x.exponent, props.priceDisplay);
  const fullyPaid = isPaidState(x.state);

  return (
    <section class="payment-details split-payment" data-testid="split-payment" data-state={x.state}>
      <h2>{t(s, 'business.split.title')}</h2>
      <SplitFigures x={x} s={s} m={m} />
      <Parts summary={x} strings={s} props={props} />
      {transfer.value ? (
        <TransferInstructions
          summary={x}
          amount={transfer.value.amount}
          reference={transfer.value.reference}
          strings={s}
          props={props}
        />
      ) : null}
      {fullyPaid ? (
        <p role="status" data-testid="split-paid-result">
          {t(s, 'business.split.done')} <a href={storePath(`payment-result/${x.orderId}/`)}>{t(s, 'order.view')}</a>
        </p>
      ) : x.state !== 'unpaid' ? (
        <p role="status">
          {t(s, 'payment.notPayable')}{' '}
          <a href={storePath(`payment-result/${x.orderId}/`)}>{t(s, 'payment.seeResult')}</a>
        </p>
      ) : x.remaining <= 0 ? (
        <p role="status" data-testid="split-awaiting">
          {t(s, 'business.split.awaiting')}
        </p>
      ) : (
        <SplitForm st={st} x={x} orderId={orderId} s={s} m={m} />
      )}
      <p>
        <a href={storePath(`user/order/${x.orderId}/`)}>{t(s, 'order.view')}</a>
      </p>
    </section>
  );
}
