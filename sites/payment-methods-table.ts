/**
 * The README's table of payment methods per country, written from sites/payment-methods.json so the two cannot drift:
 * `npx tsx sites/tools/payment-methods-table.ts` rewrites it between its markers, and a test fails when they differ.
 */
import methodsJson from './payment-methods.json';
import type { MethodEntry, PaymentMethodsFile } from './payment-methods.schema';

/** The lines that enclose the generated table in README.md. */
export const TABLE_START = '<!-- payment-methods-table: generated from sites/payment-methods.json -->';
export const TABLE_END = '<!-- /payment-methods-table -->';

const amount = (major: number) => major.toLocaleString('en-US');

/** One method as the table names it: its id (with its wallet or store) and its limits, fee and needs in brackets. */
export function methodCell(e: MethodEntry): string {
  const name = e.wallet ?? (e.store ? `${e.method} ${e.store}` : e.method);
  const notes = [
    e.min !== undefined ? `from ${amount(e.min)}` : null,
    e.max !== undefined ? `max ${amount(e.max)}` : null,
    e.fee ? `fee ${amount(e.fee)}` : null,
    e.excludeCategories?.length ? `not ${e.excludeCategories.join(', ')}` : null,
    e.presale === false ? 'no pre-orders' : null,
    e.needs === 'app' ? 'app installed' : e.needs === 'payment_request' ? 'browser support' : null,
  ].filter((n): n is string => n !== null);
  return notes.length > 0 ? `${name} (${notes.join('; ')})` : name;
}

/**
 * The markdown table: each listed country in the file's order, then one row for every other storefront country
 * (`locals`, in their own order), which gets the default list.
 */
export function methodsTable(locals: readonly string[], file: PaymentMethodsFile = methodsJson as PaymentMethodsFile) {
  const row = (cells: string[]) => `| ${cells.join(' | ')} |`;
  const others = locals.filter((l) => !(l in file.countries));
  return [
    row(['country', 'currency', 'methods in checkout order']),
    '|---|---|---|',
    ...Object.entries(file.countries).map(([local, c]) =>
      row([local, c.currency, c.methods.map(methodCell).join(', ')]),
    ),
    ...(others.length > 0
      ? [row([`all others (${others.join(', ')})`, '', file.default.map(methodCell).join(', ')])]
      : []),
  ].join('\n');
}

/** The README with `table` between the markers; null when the markers are missing. */
export function withTable(readme: string, table: string): string | null {
  const start = readme.indexOf(TABLE_START);
  const end = readme.indexOf(TABLE_END);
  if (start < 0 || end < start) return null;
  return `${readme.slice(0, start + TABLE_START.length)}\n${table}\n${readme.slice(end)}`;
}
