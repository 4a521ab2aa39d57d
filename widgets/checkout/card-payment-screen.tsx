import { useSignal } from '@preact/signals';
import { useEffect } from 'preact/hooks';
import { t } from '../lib/strings';
import type { HostProps } from '../contract';
import { checkoutApi, type PaymentMethods } from './api';
import { CardFields, emptyCard } from './card-fields';
import { failure } from '../lib/failure';
import { money } from '../lib/money';
import { orderIdFromLocation, storePath } from '../lib/store-path';
import { MethodChoice, PlanPayment, type PayMethod } from './instalment-plans';

type Props = HostProps<'checkout'>;

/**
 * /buy/card-payment?orderId=: pay an unpaid order by card (a saved card asks only for its CVV). The card goes to
 * the server, which asks the gateway; a card that needs a one-time password gets the OTP step. The result page
 * shows what the server recorded, never what this page assumed.
 */
export function CardPaymentScreen({ props }: { props: Props }) {
  const s = props.strings;
  const orderId = orderIdFromLocation();
  const methods = useSignal<PaymentMethods | null>(null);
  const savedCardId = useSignal<string>('');
  const card = useSignal(emptyCard());
  const saveCard = useSignal(false);
  const otp = useSignal<{ paymentId: string; code: string } | null>(null);
  const errors = useSignal<Record<string, string>>({});
  const message = useSignal('');
  const busy = useSignal(false);
  const method = useSignal<PayMethod>('card');

  useEffect(() => {
    if (!orderId) return;
    checkoutApi.methods(orderId).then(
      (m) => (methods.value = m),
      (e: unknown) => (message.value = failure(e, s).message),
    );
  }, []);

  if (!orderId) return <p role="alert">{t(s, 'order.error.notFound')}</p>;
  const m = methods.value;
  if (!m) return <p class="checkout--loading">{message.value || t(s, 'common.loading')}</p>;
  if (m.state !== 'unpaid') {
    return (
      <p data-testid="card-payment">
        {t(s, 'payment.notPayable')} <a href={storePath(`payment-result/${orderId}/`)}>{t(s, 'payment.seeResult')}</a>
      </p>
    );
  }

  const done = () => location.assign(storePath(`payment-result/${orderId}/`));
  const fail = (err: unknown) => {
    const f = failure(err, s);
    errors.value = f.fields;
    message.value = f.message;
  };

  const pay = async (e: Event) => {
    e.preventDefault();
    busy.value = true;
    errors.value = {};
    message.value = '';
    try {
      const body = savedCardId.value ? { orderId, savedCardId: savedCardId.value, cvv: card.value.cvv } : { orderId, ...card.value, saveCard: saveCard.value };
      const answer = await checkoutApi.payByCard(body);
      if (answer.state === 'otp_required') otp.value = { paymentId: answer.paymentId, code: '' };
      else done();
    } catch (err) {
      fail(err);
    } finally {
      busy.value = false;
    }
  };

  const confirm = async (e: Event) => {
    e.preventDefault();
    if (!otp.value) return;
    busy.value = true;
    errors.value = {};
    message.value = '';
    try {
      await checkoutApi.otp(otp.value.paymentId, otp.value.code);
      done();
    } catch (err) {
      fail(err);
      // After the last wrong password the charge is declined: back to the card form.
      if (!failure(err, s).fields['otp']) otp.value = null;
    } finally {
      busy.value = false;
    }
  };

  const amount = money(m.total, m.exponent, props.priceDisplay);
  if (otp.value) {
    return (
      <form class="card-payment" data-testid="card-payment-otp" onSubmit={confirm} noValidate>
        <p>{t(s, 'payment.otpSent', { amount })}</p>
        <div class="field">
          <label for="card-otp">{t(s, 'payment.otp')}</label>
          <input
            id="card-otp"
            name="otp"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={8}
            required
            value={otp.value.code}
            aria-invalid={errors.value['otp'] ? 'true' : undefined}
            onInput={(ev) => (otp.value = { ...otp.value!, code: (ev.target as HTMLInputElement).value })}
          />
        </div>
        <p role="alert" class="form-message" data-testid="payment-message">
          {message.value}
        </p>
        <button type="submit" class="button button--primary" disabled={busy.value}>
          {t(s, 'payment.confirm')}
        </button>
      </form>
    );
  }

  const header = (
    <>
      <p class="card-payment__amount">
        {t(s, 'payment.orderAmount', { orderId, amount })}
        <br />
        <small>{t(s, 'payment.payBefore', { time: new Date(m.payBefore).toLocaleString(document.documentElement.lang || undefined) })}</small>
      </p>
      <MethodChoice methods={m} strings={s} value={method.value} onChange={(v) => (method.value = v)} />
    </>
  );
  // Instalments, the BFL EMI card and pay later have their own forms (instalment-plans.tsx, bnpl-providers.tsx).
  if (method.value !== 'card') return <PlanPayment props={props} methods={m} orderId={orderId} method={method.value} header={header} />;

  return (
    <form class="card-payment" data-testid="card-payment" onSubmit={pay} noValidate>
      {header}
      {m.savedCards.length > 0 ? (
        <fieldset>
          <legend>{t(s, 'payment.savedCards')}</legend>
          {m.savedCards.map((c) => (
            <label class="choice" key={c.id}>
              <input type="radio" name="savedCard" checked={savedCardId.value === c.id} onChange={() => (savedCardId.value = c.id)} />
              {c.brand} •••• {c.last4} ({c.expiry})
            </label>
          ))}
          <label class="choice">
            <input type="radio" name="savedCard" checked={savedCardId.value === ''} onChange={() => (savedCardId.value = '')} />
            {t(s, 'payment.newCard')}
          </label>
        </fieldset>
      ) : null}
      <CardFields idPrefix="card" card={card} errors={errors} strings={s} fields={savedCardId.value ? ['cvv'] : undefined} />
      {savedCardId.value || m.savedCards.length >= m.maxSavedCards ? null : (
        <label class="field field--check">
          <input type="checkbox" name="saveCard" checked={saveCard.value} onChange={(ev) => (saveCard.value = (ev.target as HTMLInputElement).checked)} />
          {t(s, 'payment.saveCard')}
        </label>
      )}
      <p role="alert" class="form-message" data-testid="payment-message">
        {message.value}
      </p>
      <button type="submit" class="button button--primary" disabled={busy.value} data-testid="card-pay">
        {t(s, 'payment.pay', { amount })}
      </button>
    </form>
  );
}
