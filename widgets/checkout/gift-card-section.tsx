import { useSignal, type Signal } from '@preact/signals';
import { t } from '../lib/strings';
import type { PriceDisplay } from '../../region-config/price-display.schema';
import type { Quote } from '../request/orders-api';
import { money } from '../lib/money';

interface Props {
  quote: Quote;
  /** The codes the shopper applied, in order; changing them asks for a new quote. */
  codes: Signal<string[]>;
  max: number;
  strings: Record<string, string> | undefined;
  display: PriceDisplay | undefined;
  onChange: (codes: string[]) => Promise<boolean>;
}

/**
 * Gift cards at checkout: apply by code, at most 10 gift cards per order; each pays what it holds of what is still
 * due.
 */
export function GiftCardSection({ quote, codes, max, strings: s, display, onChange }: Props) {
  const typed = useSignal('');
  const error = useSignal('');
  const apply = async () => {
    const code = typed.value.replace(/[\s-]/g, '').toUpperCase();
    error.value = '';
    if (!code) return;
    if (codes.value.includes(code)) return void (typed.value = '');
    if (codes.value.length >= max) return void (error.value = t(s, 'giftCard.error.limit', { count: max }));
    if (await onChange([...codes.value, code])) typed.value = '';
  };
  return (
    <fieldset class="checkout__section" data-testid="checkout-gift-cards">
      <legend>{t(s, 'giftCard.title')}</legend>
      {quote.giftCards.length > 0 ? (
        <ul class="checkout__gift-cards">
          {quote.giftCards.map((g) => (
            <li key={g.code}>
              <span>•••• {g.code.slice(-4)}</span> —{' '}
              {t(s, 'giftCard.applied', {
                applied: money(g.applied, quote.amounts.exponent, display),
                balance: money(g.balance, quote.amounts.exponent, display),
              })}{' '}
              <button
                type="button"
                class="button button--link"
                onClick={() => void onChange(codes.value.filter((c) => c !== g.code))}
              >
                {t(s, 'giftCard.remove')}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <div class="field field--inline">
        <label for="checkout-gift-card">{t(s, 'giftCard.code')}</label>
        <input
          id="checkout-gift-card"
          name="giftCard"
          autocomplete="off"
          maxLength={24}
          value={typed.value}
          aria-invalid={error.value ? 'true' : undefined}
          aria-describedby={error.value ? 'checkout-gift-card-error' : undefined}
          onInput={(ev) => (typed.value = (ev.target as HTMLInputElement).value)}
          onKeyDown={(ev) => {
            if (ev.key !== 'Enter') return;
            ev.preventDefault();
            void apply();
          }}
        />
        <button
          type="button"
          class="button button--secondary"
          onClick={() => void apply()}
          data-testid="checkout-gift-card-apply"
        >
          {t(s, 'giftCard.apply')}
        </button>
      </div>
      {error.value ? (
        <p id="checkout-gift-card-error" role="alert" class="field__error">
          {error.value}
        </p>
      ) : null}
      <p class="checkout__hint">{t(s, 'giftCard.hint', { count: max })}</p>
    </fieldset>
  );
}
