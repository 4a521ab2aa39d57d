import type { Signal } from '@preact/signals';
import { oneOf, t } from '../lib/strings';

export type CardField = 'number' | 'expiry' | 'holder' | 'cvv';
export type CardInput = Record<CardField, string>;
export const emptyCard = (): CardInput => ({ number: '', expiry: '', holder: '', cvv: '' });

/** The card field errors the server and the gateway name; each has its text at payment.cardError.<name>. */
const CARD_ERRORS = [
  'number',
  'unsupported',
  'expiry',
  'expired',
  'cvv',
  'holder',
  'wrong',
  'format',
  'bank',
  'debit',
  'bfl',
] as const;

/** The catalogue key of a card field error; one this page does not know reads as an invalid card number. */
export const cardErrorKey = (error: string) => `payment.cardError.${oneOf(CARD_ERRORS, error, 'number')}` as const;

const ATTRS: Record<CardField, Record<string, string | number>> = {
  number: { inputMode: 'numeric', autoComplete: 'cc-number', maxLength: 23 },
  expiry: { autoComplete: 'cc-exp', placeholder: 'MM/YY', maxLength: 7 },
  holder: { autoComplete: 'cc-name', maxLength: 50 },
  cvv: { inputMode: 'numeric', autoComplete: 'cc-csc', maxLength: 4 },
};

/**
 * The card's fields as the card payment, the instalment plans and the split payment ask for them: label, input and
 * the server's error for each (ids `${idPrefix}-number` …). `fields` picks some, in this order (a saved card asks
 * only for its CVV).
 */
export function CardFields({
  idPrefix,
  card,
  errors,
  strings: s,
  fields = ['number', 'expiry', 'holder', 'cvv'],
  numberLabel,
}: {
  idPrefix: string;
  card: Signal<CardInput>;
  errors: Signal<Record<string, string>>;
  strings: Record<string, string> | undefined;
  fields?: readonly CardField[];
  /** The number's label when it is not a plain card's (a Bajaj Finserv EMI card). */
  numberLabel?: string;
}) {
  const labels: Record<CardField, string> = {
    number: numberLabel ?? t(s, 'payment.cardNumber'),
    expiry: t(s, 'payment.expiry'),
    holder: t(s, 'payment.holder'),
    cvv: t(s, 'payment.cvv'),
  };
  return (
    <>
      {fields.map((name) => {
        const id = `${idPrefix}-${name}`;
        const error = errors.value[name];
        return (
          <div class="field" key={name}>
            <label for={id}>{labels[name]}</label>
            <input
              id={id}
              name={name}
              required
              value={card.value[name]}
              aria-invalid={error ? 'true' : undefined}
              aria-describedby={error ? `${id}-error` : undefined}
              onInput={(ev) => (card.value = { ...card.value, [name]: (ev.target as HTMLInputElement).value })}
              {...ATTRS[name]}
            />
            {error ? (
              <small id={`${id}-error`} class="field__error">
                {t(s, cardErrorKey(error))}
              </small>
            ) : null}
          </div>
        );
      })}
    </>
  );
}
