import { useSignal } from '@preact/signals';
import type { ComponentChildren } from 'preact';
import { t } from '../lib/strings';
import type { HostProps } from '../contract';
import { checkoutApi, type InstalmentPlanOffer, type PaymentMethods } from './api';
import { BnplPayment } from './bnpl-providers';
import { failure } from './failure';
import { money } from './money';
import { storePath } from './paths';

type Props = HostProps<'checkout'>;
export type PayMethod = 'card' | 'instalment' | 'bfl' | 'bnpl';

const METHOD_LABELS: Record<PayMethod, [string, string]> = {
  card: ['payment.byCard', 'Credit or debit card'],
  instalment: ['payment.method.instalment', 'Instalments (EMI)'],
  bfl: ['payment.method.bfl', 'Bajaj Finserv EMI card'],
  bnpl: ['payment.method.bnpl', 'Pay later'],
};

/** The ways this order can be paid (GET /payment/methods), as one radio group; nothing when only the card applies. */
export function MethodChoice({ methods, strings, value, onChange }: { methods: PaymentMethods; strings: Props['strings']; value: PayMethod; onChange: (m: PayMethod) => void }) {
  const offered = (['card', 'instalment', 'bfl', 'bnpl'] as const).filter((m) => m === 'card' || methods.methods.includes(m) || (m === 'bnpl' && (methods.bnpl?.length ?? 0) > 0));
  if (offered.length < 2) return null;
  return (
    <fieldset class="pay-methods" data-testid="pay-methods">
      <legend>{t(strings, 'payment.method.choose', 'How do you want to pay?')}</legend>
      {offered.map((m) => (
        <label class="choice" key={m}>
          <input type="radio" name="payMethod" value={m} checked={value === m} onChange={() => onChange(m)} />
          {t(strings, METHOD_LABELS[m][0], METHOD_LABELS[m][1])}
        </label>
      ))}
    </fieldset>
  );
}

const CARD_ERRORS: Record<string, string> = {
  number: 'Card number is not valid.',
  unsupported: 'This card is not supported (Laser and JCB cards are not accepted).',
  expiry: 'Enter the expiry as MM/YY.',
  expired: 'This card has expired.',
  cvv: 'Enter the security code on the back of the card.',
  holder: 'Enter the name on the card.',
  bank: 'This plan does not accept cards of this bank.',
  debit: 'Debit card EMI not eligible.',
  bfl: 'Enter a Bajaj Finserv EMI card number: 16 digits starting 203040.',
};

/** One plan as the shopper compares it: monthly amount × months, the total, the interest and who may use it. */
function PlanLabel({ plan, m, props }: { plan: InstalmentPlanOffer; m: PaymentMethods; props: Props }) {
  const s = props.strings;
  const fmt = (minor: number) => money(minor, m.exponent, props.priceDisplay);
  const names = (list: { name: string }[]) => list.map((b) => b.name).join(', ');
  return (
    <span class="plan">
      <strong>{t(s, 'payment.instalment.perMonth', '{{amount}} × {{months}} months', { amount: fmt(plan.monthly), months: plan.months })}</strong>
      {plan.lastMonthly !== plan.monthly ? <> ({t(s, 'payment.instalment.lastMonth', 'last month {{amount}}', { amount: fmt(plan.lastMonthly) })})</> : null}
      <br />
      {t(s, 'payment.instalment.total', 'Total {{amount}}', { amount: fmt(plan.total) })} ·{' '}
      {plan.monthlyRateBp === 0
        ? t(s, 'payment.instalment.noCost', 'No-cost EMI')
        : t(s, 'payment.instalment.rate', '{{rate}}% a month: {{interest}} interest, charged by the bank', { rate: (plan.monthlyRateBp / 100).toFixed(2), interest: fmt(plan.interest) })}
      <br />
      <small>
        {plan.network === 'card' ? t(s, 'payment.instalment.banks', 'Cards of {{banks}}', { banks: names(plan.banks) }) : null}
        {plan.network === 'card' ? ' · ' : null}
        {plan.network === 'card'
          ? plan.debitBanks.length > 0
            ? t(s, 'payment.instalment.debit', 'Debit cards: {{banks}}', { banks: names(plan.debitBanks) })
            : t(s, 'payment.instalment.creditOnly', 'Credit cards only')
          : null}
        {plan.network === 'card' ? ' · ' : null}
        {t(s, 'payment.instalment.minimum', 'For orders from {{amount}}', { amount: fmt(plan.minAmount) })}
      </small>
    </span>
  );
}

/**
 * The instalment (card EMI or BFL EMI card) and pay-later side of /buy/card-payment: the choice of plan or provider
 * and the card. The server checks the card's bank and kind against the plan and records the plan with the payment.
 */
export function PlanPayment({ props, methods: m, orderId, method, header }: { props: Props; methods: PaymentMethods; orderId: string; method: Exclude<PayMethod, 'card'>; header: ComponentChildren }) {
  const s = props.strings;
  const network = method === 'bfl' ? 'bfl' : 'card';
  const plans = (m.instalmentPlans ?? []).filter((p) => p.network === network);
  const planId = useSignal(plans[0]?.id ?? '');
  const card = useSignal({ number: '', expiry: '', cvv: '', holder: '' });
  const errors = useSignal<Record<string, string>>({});
  const message = useSignal('');
  const busy = useSignal(false);

  if (method === 'bnpl') {
    return (
      <div class="card-payment" data-testid="plan-payment">
        {header}
        <BnplPayment props={props} methods={m} orderId={orderId} />
      </div>
    );
  }
  const chosen = plans.find((p) => p.id === planId.value) ?? plans[0];

  const pay = async (e: Event) => {
    e.preventDefault();
    if (!chosen) return;
    busy.value = true;
    errors.value = {};
    message.value = '';
    try {
      await checkoutApi.payInstalments({ orderId, planId: chosen.id, ...card.value });
      location.assign(storePath(`payment-result/${orderId}/`));
    } catch (err) {
      const f = failure(err, s);
      errors.value = f.fields;
      message.value = f.message;
    } finally {
      busy.value = false;
    }
  };

  const input = (name: 'number' | 'expiry' | 'cvv' | 'holder', label: string, attrs: Record<string, string | number>) => (
    <div class="field">
      <label for={`plan-card-${name}`}>{label}</label>
      <input
        id={`plan-card-${name}`}
        name={name}
        required
        value={card.value[name]}
        aria-invalid={errors.value[name] ? 'true' : undefined}
        aria-describedby={errors.value[name] ? `plan-card-${name}-error` : undefined}
        onInput={(ev) => (card.value = { ...card.value, [name]: (ev.target as HTMLInputElement).value })}
        {...attrs}
      />
      {errors.value[name] ? (
        <small id={`plan-card-${name}-error`} class="field__error">
          {t(s, `payment.cardError.${errors.value[name]}`, CARD_ERRORS[errors.value[name]!] ?? CARD_ERRORS['number']!)}
        </small>
      ) : null}
    </div>
  );

  return (
    <form class="card-payment" data-testid="plan-payment" onSubmit={pay} noValidate>
      {header}
      {chosen ? (
        <>
          <fieldset data-testid="instalment-plans">
            <legend>{t(s, 'payment.instalment.choose', 'Choose a plan')}</legend>
            {plans.map((p) => (
              <label class="choice" key={p.id} data-plan={p.id}>
                <input type="radio" name="planId" value={p.id} checked={chosen.id === p.id} onChange={() => (planId.value = p.id)} />
                <PlanLabel plan={p} m={m} props={props} />
              </label>
            ))}
          </fieldset>
          {input('number', method === 'bfl' ? t(s, 'payment.bfl.cardNumber', 'EMI card number (16 digits starting 203040)') : t(s, 'payment.cardNumber', 'Card number'), {
            inputMode: 'numeric',
            autoComplete: 'cc-number',
            maxLength: 23,
          })}
          {input('expiry', t(s, 'payment.expiry', 'Expiry (MM/YY)'), { autoComplete: 'cc-exp', placeholder: 'MM/YY', maxLength: 7 })}
          {input('holder', t(s, 'payment.holder', 'Name on the card'), { autoComplete: 'cc-name', maxLength: 50 })}
          {input('cvv', t(s, 'payment.cvv', 'Security code (CVV)'), { inputMode: 'numeric', autoComplete: 'cc-csc', maxLength: 4 })}
          <p role="alert" class="form-message" data-testid="payment-message">
            {message.value}
          </p>
          <button type="submit" class="button button--primary" disabled={busy.value} data-testid="instalment-pay">
            {t(s, 'payment.instalment.pay', 'Pay {{amount}} in {{months}} instalments', { amount: money(chosen.total - chosen.interest, m.exponent, props.priceDisplay), months: chosen.months })}
          </button>
        </>
      ) : (
        <p role="status">{t(s, 'payment.instalment.none', 'No instalment plan is available for this amount.')}</p>
      )}
    </form>
  );
}
