/** The card field errors the server and the gateway name; each has its text at payment.cardError.<name> in the catalogue. */
const CARD_ERRORS = ['number', 'unsupported', 'expiry', 'expired', 'cvv', 'holder', 'wrong', 'format', 'bank', 'debit', 'bfl'] as const;
type CardError = (typeof CARD_ERRORS)[number];

/** The catalogue key of a card field error; one this page does not know reads as an invalid card number. */
export function cardErrorKey(error: string): `payment.cardError.${CardError}` {
  return `payment.cardError.${(CARD_ERRORS as readonly string[]).includes(error) ? (error as CardError) : 'number'}`;
}
