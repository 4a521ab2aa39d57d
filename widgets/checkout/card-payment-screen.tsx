import { useComputed, useSignal } from '@preact/signals';
import type { ComponentChildren } from 'preact';
import { t } from '../lib/strings';
import type { HostProps } from '../contract';
import { checkoutApi, type PaymentCardBody, type PaymentMethods } from '../request/orders-api';
import { CardFields, emptyCard } from './card-fields';
import { useResource } from '../lib/use-resource';
import { useSubmit } from '../lib/use-submit';
import { money } from '../lib/money';
import { orderIdFromLocation, storePath } from '../lib/store-path';
import { MethodChoice, PlanPayment, type PayMethod } from './instalment-plans';
import { PaymentMethodChoice } from './payment-method-choice';
import { AsyncPayment } from './async-payment';
import { CodPayment } from './cod-payment';
import { hasAsyncFlow } from './async-payment-model';
import { KonbiniPayment } from './konbini-payment';
import { konbiniStoreOf } from './konbini-model';
import { UpiPayment } from './upi-payment';
import { paymentMethodsApi } from '../request/payment-methods-api';
import { WalletPayment, browserWalletOf } from './wallet-payment';
import { BankTransferPayment } from './bank-transfer-payment';

type Props = HostProps<'checkout'>;

/** The card payment's state: the methods of the order, the card or saved card, the OTP step, and the two submits. */
function useCardPayment(s: Props['strings'], orderId: string | null) {
  const savedCardId = useSignal<string>('');
  const card = useSignal(emptyCard());
  const saveCard = useSignal(false);
  const otp = useSignal<{ paymentId: string; code: string } | null>(null);
  const errors = useSignal<Record<string, string>>({});
  const message = useSignal('');
  const method = useSignal<PayMethod>('card');
  /** An e-wallet or QRIS chosen from the country's method list ('' while one of `method` is). */
  const asyncKey = useSignal('');
  const asyncLabel = useSignal('');
  const methods = useResource(() => (orderId ? checkoutApi.methods(orderId) : Promise.resolve(null)), {
    strings: s,
    error: message,
  }).data;
  // The country's method list (no device needed for card, instalments and pay later): their choice follows it.
  const country = useResource(() => (orderId ? paymentMethodsApi.list(orderId, {}) : Promise.resolve(null)), {
    strings: s,
  });
  const done = () => location.assign(storePath(`payment-result/${orderId}/`));
  const paying = useSubmit((body: PaymentCardBody) => checkoutApi.payByCard(body), {
    strings: s,
    error: message,
    onSuccess: (answer) => {
      if (answer.state === 'otp_required') otp.value = { paymentId: answer.paymentId, code: '' };
      else done();
    },
    onFailure: (f) => (errors.value = f.fields),
  });
  const confirming = useSubmit((paymentId: string, code: string) => checkoutApi.otp(paymentId, code), {
    strings: s,
    error: message,
    onSuccess: done,
    onFailure: (f) => {
      errors.value = f.fields;
      // After the last wrong password the charge is declined: back to the card form.
      if (!f.fields['otp']) otp.value = null;
    },
  });
  const busy = useComputed(() => paying.busy.value || confirming.busy.value);
  return {
    savedCardId,
    card,
    saveCard,
    otp,
    errors,
    message,
    method,
    asyncKey,
    asyncLabel,
    methods,
    country,
    paying,
    confirming,
    busy,
  };
}
type CardPayment = ReturnType<typeof useCardPayment>;

/** The one-time password step of a card that asks for it. */
function OtpForm({ st, s, amount }: { st: CardPayment; s: Props['strings']; amount: string }) {
  const { otp, errors, message, confirming, busy } = st;
  const confirm = (e: Event) => {
    e.preventDefault();
    if (!otp.value) return;
    errors.value = {};
    void confirming.run(otp.value.paymentId, otp.value.code);
  };
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
          value={otp.value?.code}
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

/** A new card or a saved one (its CVV only), and whether to save the new one. */
function CardForm({
  st,
  m,
  s,
  orderId,
  amount,
  header,
}: {
  st: CardPayment;
  m: PaymentMethods;
  s: Props['strings'];
  orderId: string;
  amount: string;
  header: ComponentChildren;
}) {
  const { savedCardId, card, saveCard, errors, message, paying, busy } = st;
  const pay = (e: Event) => {
    e.preventDefault();
    errors.value = {};
    void paying.run(
      savedCardId.value
        ? { orderId, savedCardId: savedCardId.value, cvv: card.value.cvv }
        : { orderId, ...card.value, saveCard: saveCard.value },
    );
  };
  return (
    <form class="card-payment" data-testid="card-payment" onSubmit={pay} noValidate>
      {header}
      {m.savedCards.length > 0 ? (
        <fieldset>
          <legend>{t(s, 'payment.savedCards')}</legend>
          {m.savedCards.map((c) => (
            <label class="choice" key={c.id}>
              <input
                type="radio"
                name="savedCard"
                checked={savedCardId.value === c.id}
                onChange={() => (savedCardId.value = c.id)}
              />
              {c.brand} •••• {c.last4} ({c.expiry})
            </label>
          ))}
          <label class="choice">
            <input
              type="radio"
              name="savedCard"
              checked={savedCardId.value === ''}
              onChange={() => (savedCardId.value = '')}
            />
            {t(s, 'payment.newCard')}
          </label>
        </fieldset>
      ) : null}
      <CardFields
        idPrefix="card"
        card={card}
        errors={errors}
        strings={s}
        fields={savedCardId.value ? ['cvv'] : undefined}
      />
      {savedCardId.value || m.savedCards.length >= m.maxSavedCards ? null : (
        <label class="field field--check">
          <input
            type="checkbox"
            name="saveCard"
            checked={saveCard.value}
            onChange={(ev) => (saveCard.value = (ev.target as HTMLInputElement).checked)}
          />
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

/**
 * /buy/card-payment?orderId=: pay an unpaid order by card (a saved card asks only for its CVV). The card goes to
 * the server, which asks the gateway; a card that needs a one-time password gets the OTP step. The result page
 * shows what the server recorded, never what this page assumed.
 */
export function CardPaymentScreen({ props }: { props: Props }) {
  const s = props.strings;
  const orderId = orderIdFromLocation();
  const st = useCardPayment(s, orderId);
  const { otp, message, method, asyncKey } = st;

  if (!orderId) return <p role="alert">{t(s, 'order.error.notFound')}</p>;
  const m = st.methods.value;
  if (!m) return <p class="checkout--loading">{message.value || t(s, 'common.loading')}</p>;
  if (m.state !== 'unpaid') {
    return (
      <p data-testid="card-payment">
        {t(s, 'payment.notPayable')} <a href={storePath(`payment-result/${orderId}/`)}>{t(s, 'payment.seeResult')}</a>
      </p>
    );
  }

  // A list that failed to load leaves the card alone (its own failure is the shopper's next step anyway).
  const country = st.country.data.value?.methods ?? (st.country.error.value ? [] : null);
  if (!country) return <p class="checkout--loading">{t(s, 'common.loading')}</p>;

  const amount = money(m.total, m.exponent, props.priceDisplay);
  if (otp.value) return <OtpForm st={st} s={s} amount={amount} />;

  const header = (
    <>
      <p class="card-payment__amount">
        {t(s, 'payment.orderAmount', { orderId, amount })}
        <br />
        <small>
          {t(s, 'payment.payBefore', {
            time: new Date(m.payBefore).toLocaleString(document.documentElement.lang || undefined),
          })}
        </small>
      </p>
      <MethodChoice
        methods={m}
        country={country}
        strings={s}
        value={asyncKey.value ? null : method.value}
        onChange={(v) => {
          asyncKey.value = '';
          method.value = v;
        }}
      />
      <PaymentMethodChoice
        orderId={orderId}
        props={props}
        value={asyncKey}
        include={(v) => hasAsyncFlow(v) || browserWalletOf(v.key) !== null}
        label={st.asyncLabel}
      />
    </>
  );
  // A convenience store gives a code to pay at its counter (konbini-payment.tsx).
  const konbiniStore = konbiniStoreOf(asyncKey.value);
  if (konbiniStore) {
    return (
      <div class="card-payment">
        {header}
        <KonbiniPayment props={props} orderId={orderId} store={konbiniStore} />
      </div>
    );
  }
  // UPI asks for the payer's UPI ID or shows its QR (upi-payment.tsx).
  if (asyncKey.value === 'upi') {
    return (
      <div class="card-payment">
        {header}
        <UpiPayment props={props} orderId={orderId} />
      </div>
    );
  }
  // Apple Pay and Google Pay pay with the token of the wallet's sheet (wallet-payment.tsx).
  const browserWallet = browserWalletOf(asyncKey.value);
  if (browserWallet) {
    return (
      <div class="card-payment">
        {header}
        <WalletPayment
          props={props}
          orderId={orderId}
          wallet={browserWallet}
          label={st.asyncLabel.value}
          amount={m.total}
          currency={m.currency}
        />
      </div>
    );
  }
  // Cash on delivery confirms the order without paying (cod-payment.tsx).
  if (asyncKey.value === 'cod') {
    return (
      <div class="card-payment">
        {header}
        <CodPayment props={props} orderId={orderId} />
      </div>
    );
  }
  // A bank transfer shows its virtual account here (bank-transfer-payment.tsx).
  if (asyncKey.value === 'bank_va') {
    return (
      <div class="card-payment">
        {header}
        <BankTransferPayment props={props} orderId={orderId} exponent={m.exponent} />
      </div>
    );
  }
  // E-wallets and QRIS start at the provider (async-payment.tsx); the method list offers no method without a flow.
  if (asyncKey.value) {
    return (
      <div class="card-payment">
        {header}
        <AsyncPayment props={props} orderId={orderId} methodKey={asyncKey.value} methodLabel={st.asyncLabel.value} />
      </div>
    );
  }
  // Instalments, the BFL EMI card and pay later have their own forms (instalment-plans.tsx, bnpl-providers.tsx).
  if (method.value !== 'card')
    return <PlanPayment props={props} methods={m} orderId={orderId} method={method.value} header={header} />;

  return <CardForm st={st} m={m} s={s} orderId={orderId} amount={amount} header={header} />;
}
