import { useSignal } from '@preact/signals';
import { t } from '../lib/strings';
import type { HostProps } from '../contract';
import { checkoutApi, type PaymentMethods } from '../request/orders-api';
import { useSubmit, untilTheNextPage } from '../lib/use-submit';
import { money } from '../lib/money';
import { storePath } from '../lib/store-path';

type Props = HostProps<'checkout'>;

/**
 * Pay later: the country's providers, the ineligible ones with the reason ("no eligible BNPL method" when none
 * applies). Continuing sends the shopper to the provider's page; the provider brings them back to
 * /checkout/bnpl-result, where the server says what it recorded.
 */
export function BnplPayment({
  props,
  methods: m,
  orderId,
}: {
  props: Props;
  methods: PaymentMethods;
  orderId: string;
}) {
  const s = props.strings;
  const offers = m.bnpl ?? [];
  const eligible = offers.filter((o) => o.eligible);
  const chosen = useSignal(eligible[0]?.id ?? '');
  const starting = useSubmit(
    (providerId: string) =>
      checkoutApi.bnplStart(orderId, providerId, `${location.origin}${storePath(`checkout/bnpl-result/${orderId}/`)}`),
    {
      strings: s,
      onSuccess: (answer) => {
        location.assign(answer.redirectUrl);
        return untilTheNextPage();
      },
    },
  );
  const message = starting.error;
  const busy = starting.busy;
  const fmt = (minor: number) => money(minor, m.exponent, props.priceDisplay);
  const provider = eligible.find((o) => o.id === chosen.value) ?? eligible[0];

  const start = (e: Event) => {
    e.preventDefault();
    if (provider) void starting.run(provider.id);
  };

  return (
    <form onSubmit={start} noValidate data-testid="bnpl-providers">
      {offers.length > 0 ? (
        <fieldset>
          <legend>{t(s, 'payment.bnpl.choose')}</legend>
          {offers.map((o) => (
            <label class="choice" key={o.id} data-provider={o.id}>
              <input
                type="radio"
                name="bnplProvider"
                value={o.id}
                disabled={!o.eligible}
                checked={provider?.id === o.id}
                aria-describedby={o.reason ? `bnpl-${o.id}-reason` : undefined}
                onChange={() => (chosen.value = o.id)}
              />
              <span>
                <strong>{o.name}</strong>
                <br />
                {o.parts === 1
                  ? t(s, 'payment.bnpl.once', { amount: fmt(o.total), count: o.everyDays })
                  : t(s, 'payment.bnpl.parts', {
                      count: o.parts,
                      amount: fmt(o.partAmount),
                      interval: t(s, 'payment.bnpl.every', { count: o.everyDays }),
                    })}
                {o.reason ? (
                  <>
                    <br />
                    <small id={`bnpl-${o.id}-reason`} class="field__error">
                      {o.reason}
                    </small>
                  </>
                ) : null}
              </span>
            </label>
          ))}
        </fieldset>
      ) : null}
      {m.bnplMessage ? (
        <p role="status" class="form-message" data-testid="bnpl-none">
          {m.bnplMessage}
        </p>
      ) : null}
      <p role="alert" class="form-message" data-testid="payment-message">
        {message.value}
      </p>
      {provider ? (
        <button type="submit" class="button button--primary" disabled={busy.value} data-testid="bnpl-continue">
          {t(s, 'payment.bnpl.continue', { provider: provider.name })}
        </button>
      ) : null}
    </form>
  );
}
