/**
 * Ways to pay per country, from sites/payment-methods.json: a default list and each listed country's own list, in
 * checkout order. The server reads them through paymentMethodsOf(); validatePaymentMethods() (validate.ts) checks the
 * file with the cross rules below.
 */
import methodsJson from './payment-methods.json';
import type { RuleIssue } from '../region-config/rules';
import { toMinor } from '../region-config/money';
import type { MethodEntry, PaymentMethodsFile } from './payment-methods.schema';

export type { MethodEntry, PaymentMethodsFile };
export const PAYMENT_METHODS_FILE = 'sites/payment-methods.json';

const file = methodsJson as PaymentMethodsFile;

/** A configured method with its amounts in minor units of the country's currency. */
export interface CountryMethod {
  key: string;
  entry: MethodEntry;
  min: number | null;
  max: number | null;
  fee: number;
}

/** The unique key of an entry: the method, with its wallet or store. */
export const methodKey = (e: MethodEntry): string =>
  e.wallet ? `${e.method}:${e.wallet}` : e.store ? `${e.method}:${e.store}` : e.method;

/** The methods a country (its two-letter local) offers in checkout order, amounts in minor units of `currency`. */
export function paymentMethodsOf(local: string, currency: string, methods: PaymentMethodsFile = file): CountryMethod[] {
  const entries = methods.countries[local]?.methods ?? methods.default;
  const minor = (major: number | undefined) => (major === undefined ? null : toMinor(major, currency));
  return entries.map((entry) => ({
    key: methodKey(entry),
    entry,
    min: minor(entry.min),
    max: minor(entry.max),
    fee: minor(entry.fee) ?? 0,
  }));
}

/** Countries named in the file exist and their currency is the country's. */
export function methodCountriesAreKnown(
  methods: PaymentMethodsFile,
  currencies: ReadonlyMap<string, string>,
): RuleIssue[] {
  return Object.entries(methods.countries).flatMap(([local, c]): RuleIssue[] => {
    const currency = currencies.get(local);
    if (currency === undefined)
      return [{ message: `payment methods for unknown country "${local}"`, path: `/countries/${local}` }];
    return currency === c.currency
      ? []
      : [{ message: `currency ${c.currency} is not ${local}'s ${currency}`, path: `/countries/${local}/currency` }];
  });
}

/** Amounts need a currency, so the default list has none. */
export function defaultHasNoAmounts(methods: PaymentMethodsFile): RuleIssue[] {
  return methods.default.flatMap((e, i) =>
    e.min !== undefined || e.max !== undefined || e.fee !== undefined
      ? [{ message: 'the default list cannot name amounts (no currency)', path: `/default/${i}` }]
      : [],
  );
}

/**
 * Each entry is coherent: a wallet exactly on ewallet, a store exactly on konbini, min below max, Apple and Google Pay
 * needing the Payment Request API, no key twice in one list.
 */
export function methodEntriesAreCoherent(methods: PaymentMethodsFile): RuleIssue[] {
  const lists: [string, readonly MethodEntry[]][] = [
    ['/default', methods.default],
    ...Object.entries(methods.countries).map(([l, c]): [string, readonly MethodEntry[]] => [
      `/countries/${l}/methods`,
      c.methods,
    ]),
  ];
  return lists.flatMap(([path, entries]) => {
    const seen = new Set<string>();
    return entries.flatMap((e, i): RuleIssue[] => {
      const at = `${path}/${i}`;
      const issues: RuleIssue[] = [];
      if ((e.method === 'ewallet') !== (e.wallet !== undefined))
        issues.push({ message: 'a wallet goes with ewallet', path: at });
      if ((e.method === 'konbini') !== (e.store !== undefined))
        issues.push({ message: 'a store goes with konbini', path: at });
      if (e.min !== undefined && e.max !== undefined && e.min > e.max)
        issues.push({ message: 'min above max', path: at });
      if ((e.method === 'apple_pay' || e.method === 'google_pay') && e.needs !== 'payment_request') {
        issues.push({ message: `${e.method} needs payment_request`, path: `${at}/needs` });
      }
      const key = methodKey(e);
      if (seen.has(key)) issues.push({ message: `${key} listed twice`, path: at });
      seen.add(key);
      return issues;
    });
  });
}
