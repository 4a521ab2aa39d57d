import { t } from '../lib/strings';
import type { PriceDisplay } from '../../region-config/price-display.schema';
import type { TradeIn } from '../request/trade-in-api';
import type { Quote } from '../request/orders-api';
import { money } from '../lib/money';
import { storePath } from '../lib/store-path';

interface Props {
  quote: Quote;
  /** The shopper's evaluations still valid (state evaluated). */
  tradeIns: TradeIn[];
  chosen: string;
  strings: Record<string, string> | undefined;
  display: PriceDisplay | undefined;
  onChoose: (id: string) => void;
}

/** Trade-in at checkout (one trade-in per exchange): choose one evaluated old device to take off one new phone. */
export function TradeInChoice({ quote: q, tradeIns, chosen, strings: s, display, onChoose }: Props) {
  const m = (minor: number) => money(minor, q.amounts.exponent, display);
  return (
    <fieldset class="checkout__section" data-testid="checkout-trade-in">
      <legend>{t(s, 'tradeIn.checkout.title')}</legend>
      {tradeIns.length > 0 ? (
        <>
          <label class="choice">
            <input type="radio" name="tradeIn" checked={chosen === ''} onChange={() => onChoose('')} />
            {t(s, 'tradeIn.checkout.none')}
          </label>
          {tradeIns.map((d) => (
            <label class="choice" key={d.id}>
              <input
                type="radio"
                name="tradeIn"
                value={d.id}
                checked={chosen === d.id}
                onChange={() => onChoose(d.id)}
                data-testid="checkout-trade-in-option"
              />
              <span>
                <strong>
                  {d.brand} {d.model} {d.storage}
                </strong>{' '}
                · {t(s, 'tradeIn.checkout.value', { value: m(d.exchangeValue) })}
              </span>
            </label>
          ))}
        </>
      ) : null}
      {q.tradeIn && !q.tradeIn.refused ? (
        <p role="status" data-testid="checkout-trade-in-discount">
          {t(s, 'tradeIn.checkout.applied', { discount: m(q.tradeIn.discount), subsidy: m(q.tradeIn.subsidy ?? 0) })}
        </p>
      ) : null}
      {q.tradeIn?.refused ? (
        <p role="alert" class="field__error">
          {t(s, q.tradeIn.refused === 'no_phone' ? 'tradeIn.error.noPhone' : 'tradeIn.error.notEligible')}
        </p>
      ) : null}
      <p class="checkout__hint">
        <a href={storePath('trade-in/')}>{t(s, 'tradeIn.checkout.evaluate')}</a>
      </p>
    </fieldset>
  );
}
