import { useSignal } from '@preact/signals';
import type { ComponentChildren } from 'preact';
import { t } from '../lib/strings';
import type { HostProps } from '../contract';
import { checkoutApi, type InstalmentPlanOffer, type PaymentMethods } from '../request/orders-api';
import { BnplPayment } from './bnpl-providers';
import { CardFields, emptyCard } from './card-fields';
import { useSubmit } from '../lib/use-submit';
import { money } from '../lib/money';
import { storePath } from '../lib/store-path';
import type { MethodView } from './payment-method-list';

type Props = HostProps<'checkout'>;
export type PayMethod = 'card' | 'instalment' | 'bfl' | 'bnpl';

const METHOD_LABELS = {
  card: 'payment.byCard',
  instalment: 'payment.method.instalment',
  bfl: 'payment.method.bfl',
  bnpl: 'payment.method.bnpl',
} as const satisfies Record<PayMethod, string>;

/** The entry of the country's method list (sites/payment-methods.json) each of these ways to pay belongs to. */
const COUNTRY_METHOD = {
  card: 'card',
  instalment: 'instalments',
  bfl: 'instalments',
  bnpl: 'paylater',
} as const satisfies Record<PayMethod, MethodView['method']>;

/**
 * The ways to pay of this screen the order may use: what GET /payment/methods says of the plans and providers, within
 * what the country's method list (GET /checkout/payment-methods) offers. The card stays as the way back from any other.
 */
export function planMethodsOffered(methods: PaymentMethods, country: readonly MethodView[]): PayMethod[] {
  const inCountry = new Set(country.filter((m) => m.offered).map((m) => m.method));
  return (['card', 'instalment', 'bfl', 'bnpl'] as const).filter(
    (m) =>
      m === 'card' ||
      (inCountry.has(COUNTRY_METHOD[m]) &&
        (methods.methods.includes(m) || (m === 'bnpl' && (methods.bnpl?.length ?? 0) > 0))),
  );
}

/** The ways this order can be paid (GET /payment/methods), as one radio group; nothing when only the card applies. */
export function MethodChoice({
  methods,
  country,
  strings,
  value,
  onChange,
}: {
  methods: PaymentMethods;
  /** The country's method list for this order: instalments and pay later show only where it offers them. */
  country: readonly MethodView[];
  strings: Props['strings'];
  /** Null while a method of another list (an e-wallet, QRIS) is chosen: then none of these is checked. */
  value: PayMethod | null;
  onChange: (m: PayMethod) => void;
}) {
  const offered = planMethodsOffered(methods, country);
  // A card alone needs no choice, unless an e-wallet or QRIS is chosen: then its radio is the way back to the card.
  if (offered.length < 2 && value !== null) return null;
  return (
    <fieldset class="pay-methods" data-testid="pay-methods">
      <legend>{t(strings, 'payment.method.choose')}</legend>
      {offered.map((m) => (
        <label class="choice" key={m}>
          <input type="radio" name="payMethod" value={m} checked={value === m} onChange={() => onChange(m)} />
          {t(strings, METHOD_LABELS[m])}
        </label>
      ))}
    </fieldset>
  );
}

/** One plan as the shopper compares it: monthly amount × months, the total, the interest and who may use it. */
function PlanLabel({ plan, m, props }: { plan: InstalmentPlanOffer; m: PaymentMethods; props: Props }) {
  const s = props.strings;
  const fmt = (minor: number) => money(minor, m.exponent, props.priceDisplay);
  const names = (list: { name: string }[]) => list.map((b) => b.name).join(', ');
  return (
    <span class="plan">
      <strong>{t(s, 'payment.instalment.perMonth', { amount: fmt(plan.monthly), count: plan.months })}</strong>
      {plan.lastMonthly !== plan.monthly ? (
        <> ({t(s, 'payment.instalment.lastMonth', { amount: fmt(plan.lastMonthly) })})</>
      ) : null}
      <br />
      {t(s, 'payment.instalment.total', { amount: fmt(plan.total) })} ·{' '}
      {plan.monthlyRateBp === 0
        ? t(s, 'payment.instalment.noCost')
        : t(s, 'payment.instalment.rate', {
            rate: (plan.monthlyRateBp / 100).toFixed(2),
            interest: fmt(plan.interest),
          })}
      <br />
      <small>
        {plan.network === 'card' ? t(s, 'payment.instalment.banks', { banks: names(plan.banks) }) : null}
        {plan.network === 'card' ? ' · ' : null}
        {plan.network === 'card'
          ? plan.debitBanks.length > 0
            ? t(s, 'payment.instalment.debit', { banks: names(plan.debitBanks) })
            : t(s, 'payment.instalment.creditOnly')
          : null}
        {plan.network === 'card' ? ' · ' : null}
        {t(s, 'payment.instalment.minimum', { amount: fmt(plan.minAmount) })}
      </small>
    </span>
  );
}

/**
 * The instalment (card EMI or BFL EMI card) and pay-later side of /buy/card-payment: the choice of plan or provider
 * and the card. The server checks the card's bank and kind against the plan and records the plan with the payment.
 */
export function PlanPayment({
  props,
  methods: m,
  orderId,
  method,
  header,
}: {
  props: Props;
  methods: PaymentMethods;
  orderId: string;
  method: Exclude<PayMethod, 'card'>;
  header: ComponentChildren;
}) {
  const s = props.strings;
  const network = method === 'bfl' ? 'bfl' : 'card';
  const plans = (m.instalmentPlans ?? []).filter((p) => p.network === network);
  const planId = useSignal(plans[0]?.id ?? '');
  const card = useSignal(emptyCard());
  const errors = useSignal<Record<string, string>>({});
  const paying = useSubmit((planId: string) => checkoutApi.payInstalments({ orderId, planId, ...card.value }), {
    strings: s,
    onSuccess: () => location.assign(storePath(`payment-result/${orderId}/`)),
    onFailure: (f) => (errors.value = f.fields),
  });
  const message = paying.error;
  const busy = paying.busy;

  if (method === 'bnpl') {
    return (
      <div class="card-payment" data-testid="plan-payment">
        {header}
        <BnplPayment props={props} methods={m} orderId={orderId} />
      </div>
    );
  }
  const chosen = plans.find((p) => p.id === planId.value) ?? plans[0];

  const pay = (e: Event) => {
    e.preventDefault();
    if (!chosen) return;
    errors.value = {};
    void paying.run(chosen.id);
  };

  return (
    <form class="card-payment" data-testid="plan-payment" onSubmit={pay} noValidate>
      {header}
      {chosen ? (
        <>
          <fieldset data-testid="instalment-plans">
            <legend>{t(s, 'payment.instalment.choose')}</legend>
            {plans.map((p) => (
              <label class="choice" key={p.id} data-plan={p.id}>
                <input
                  type="radio"
                  name="planId"
                  value={p.id}
                  checked={chosen.id === p.id}
                  onChange={() => (planId.value = p.id)}
                />
                <PlanLabel plan={p} m={m} props={props} />
              </label>
            ))}
          </fieldset>
          <CardFields
            idPrefix="plan-card"
            card={card}
            errors={errors}
            strings={s}
            numberLabel={method === 'bfl' ? t(s, 'payment.bfl.cardNumber') : undefined}
          />
          <p role="alert" class="form-message" data-testid="payment-message">
            {message.value}
          </p>
          <button type="submit" class="button button--primary" disabled={busy.value} data-testid="instalment-pay">
            {t(s, 'payment.instalment.pay', {
              amount: money(chosen.total - chosen.interest, m.exponent, props.priceDisplay),
              count: chosen.months,
            })}
          </button>
        </>
      ) : (
        <p role="status">{t(s, 'payment.instalment.none')}</p>
      )}
    </form>
  );
}
