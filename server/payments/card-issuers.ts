import { BFL_CARD_PATTERN, type CardKind } from '../../region-config/instalments';

/** Who issued a card and what kind it is, as a BIN (first six digits) lookup tells a gateway. */
export type CardIssuer = { bank: string; kind: CardKind } | { bank: 'bfl'; kind: 'emi' };

/** A BIN lookup: the card gateway's issuer service. The sandbox answers from the test ranges below. */
export interface IssuerLookup {
  issuer(digits: string): CardIssuer | null;
}

/** Test issuers in bank order per country; a bank's BINs follow from its place (see SANDBOX_ISSUER_BINS). */
const TEST_BANKS: Readonly<Record<string, readonly [countryDigits: string, banks: readonly string[]]>> = {
  in: ['10', ['hdfc', 'icici', 'sbi', 'axis']],
  id: ['20', ['bca', 'mandiri', 'bni', 'cimb-niaga']],
  my: ['30', ['maybank', 'cimb-my', 'public-bank']],
  th: ['40', ['kbank', 'scb', 'krungsri']],
  tr: ['50', ['garanti', 'akbank', 'yapi-kredi']],
  mx: ['60', ['bbva-mx', 'banamex', 'santander-mx']],
  pl: ['70', ['pko', 'mbank']],
  de: ['80', ['consors', 'targobank']],
};

/**
 * The sandbox's test BINs (README "Instalments and pay later"): `4 CC BB K` — Visa, the country's two digits
 * (in 10, id 20, my 30, th 40, tr 50, mx 60, pl 70, de 80), the bank's place in its country (01, 02, …) and the
 * kind (1 credit, 2 debit). 410011… is an HDFC credit card, 410032… an SBI debit card, 420011… a BCA credit card.
 * Any Luhn-valid number on such a BIN behaves like the approve card; other cards have no known issuer.
 */
export const SANDBOX_ISSUER_BINS: Readonly<Record<string, { bank: string; kind: CardKind }>> = Object.fromEntries(
  Object.values(TEST_BANKS).flatMap(([country, banks]) =>
    banks.flatMap((bank, i) => {
      const prefix = `4${country}${String(i + 1).padStart(2, '0')}`;
      return [
        [`${prefix}1`, { bank, kind: 'credit' as const }],
        [`${prefix}2`, { bank, kind: 'debit' as const }],
      ];
    }),
  ),
);

/** A Luhn-valid 16-digit test number of a sandbox issuer: the BIN, zeros, the check digit. */
export function sandboxCardNumber(bank: string, kind: CardKind): string {
  const bin = Object.entries(SANDBOX_ISSUER_BINS).find(([, v]) => v.bank === bank && v.kind === kind)?.[0];
  if (!bin) throw new Error(`no sandbox BIN for ${bank} ${kind}`);
  const partial = `${bin}000000000`;
  let sum = 0;
  for (let i = 0; i < partial.length; i++) {
    let d = Number(partial[partial.length - 1 - i]);
    if (i % 2 === 0) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return `${partial}${(10 - (sum % 10)) % 10}`;
}

/** The sandbox's BIN lookup: the test ranges above, and the BFL EMI card by the BFL card format. */
export const sandboxIssuers: IssuerLookup = {
  issuer(digits) {
    if (BFL_CARD_PATTERN.test(digits)) return { bank: 'bfl', kind: 'emi' };
    return SANDBOX_ISSUER_BINS[digits.slice(0, 6)] ?? null;
  },
};
