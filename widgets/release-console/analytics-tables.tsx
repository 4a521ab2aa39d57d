import type { ComponentChildren } from 'preact';
import { t } from '../lib/strings';
import type { AnalyticsSummary } from './api';
import { STEP_NAME } from './analytics-charts';
import { count, minorMoney, percent } from './format';

type Strings = Record<string, string> | undefined;

/** A column of a DataTable: the key of its cells and its heading. */
export interface Column {
  id: string;
  label: string;
}

/**
 * A table with a caption, column headings and the first column's cell as each row's heading; `empty` instead of an
 * empty body. Cells are named by their column's id.
 */
export function DataTable({
  caption,
  columns,
  rows,
  empty,
  testId,
}: {
  caption: string;
  columns: Column[];
  rows: { key: string; cells: Record<string, ComponentChildren> }[];
  empty: string;
  testId: string;
}) {
  const [first, ...rest] = columns;
  return (
    <table data-testid={testId}>
      <caption>{caption}</caption>
      <thead>
        <tr>
          {columns.map((c) => (
            <th key={c.id} scope="col">
              {c.label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.length === 0 ? (
          <tr>
            <td colSpan={columns.length}>{empty}</td>
          </tr>
        ) : (
          rows.map((row) => (
            <tr key={row.key}>
              <th scope="row">{first && row.cells[first.id]}</th>
              {rest.map((c) => (
                <td key={c.id}>{row.cells[c.id]}</td>
              ))}
            </tr>
          ))
        )}
      </tbody>
    </table>
  );
}

type Revenue = AnalyticsSummary['revenue'];
/** Each currency's revenue on a line of its own (currencies are never added up). */
export const revenueText = (revenue: Revenue): string =>
  revenue.map((r) => minorMoney(r.amount, r.currency)).join('\n') || '–';

/** Revenue per currency: amount and orders. */
export function RevenueTable({ s, revenue }: { s: Strings; revenue: Revenue }) {
  return (
    <DataTable
      testId="analytics-revenue"
      caption={t(s, 'console.analytics.revenue.title')}
      columns={[
        { id: 'currency', label: t(s, 'console.analytics.col.currency') },
        { id: 'amount', label: t(s, 'console.analytics.col.amount') },
        { id: 'orders', label: t(s, 'console.analytics.totals.orders') },
      ]}
      rows={revenue.map((r) => ({
        key: r.currency,
        cells: { currency: r.currency, amount: minorMoney(r.amount, r.currency), orders: count(r.orders) },
      }))}
      empty={t(s, 'console.analytics.empty')}
    />
  );
}

/** The breakdowns the summary has, with their caption and first column's heading. */
export const BREAKDOWNS = {
  byStorefront: { caption: 'console.analytics.by.storefront', column: 'console.analytics.col.storefront' },
  byRelease: { caption: 'console.analytics.by.release', column: 'console.analytics.col.release' },
  byCampaign: { caption: 'console.analytics.by.campaign', column: 'console.analytics.col.campaign' },
  byChannel: { caption: 'console.analytics.by.channel', column: 'console.analytics.col.channel' },
} as const;

/**
 * One breakdown (per storefront, release, campaign or channel): visits, visits at each later funnel step,
 * conversion and revenue. An empty key is a visit without a campaign, or a page of a development build.
 */
export function BreakdownTable({
  s,
  which,
  rows,
}: {
  s: Strings;
  which: keyof typeof BREAKDOWNS;
  rows: AnalyticsSummary['byStorefront'];
}) {
  const { caption, column } = BREAKDOWNS[which];
  const none = which === 'byCampaign' ? t(s, 'console.analytics.campaign.none') : t(s, 'console.analytics.release.dev');
  return (
    <DataTable
      testId={`analytics-${which}`}
      caption={t(s, caption)}
      columns={[
        { id: 'key', label: t(s, column) },
        { id: 'visits', label: t(s, 'console.analytics.totals.visits') },
        { id: 'cart', label: t(s, STEP_NAME.cart) },
        { id: 'checkout', label: t(s, STEP_NAME.checkout) },
        { id: 'paid', label: t(s, STEP_NAME.paid) },
        { id: 'conversion', label: t(s, 'console.analytics.col.conversion') },
        { id: 'revenue', label: t(s, 'console.analytics.totals.revenue') },
      ]}
      rows={rows.map((r) => ({
        key: r.key,
        cells: {
          key: r.key === '' ? <em>{none}</em> : which === 'byRelease' ? <code>{r.key}</code> : r.key,
          visits: count(r.visits),
          ...Object.fromEntries(r.funnel.slice(1).map((f) => [f.step, count(f.visits)])),
          conversion: percent(r.conversion),
          revenue: <span class="analytics-lines">{revenueText(r.revenue)}</span>,
        },
      }))}
      empty={t(s, 'console.analytics.empty')}
    />
  );
}

/** The most viewed pages and the searches that found nothing. */
export function TopLists({ s, summary }: { s: Strings; summary: AnalyticsSummary }) {
  return (
    <>
      <DataTable
        testId="analytics-top-pages"
        caption={t(s, 'console.analytics.topPages')}
        columns={[
          { id: 'path', label: t(s, 'console.analytics.col.page') },
          { id: 'views', label: t(s, 'console.analytics.col.views') },
        ]}
        rows={summary.topPages.map((p) => ({
          key: p.path,
          cells: { path: <code>{p.path}</code>, views: count(p.views) },
        }))}
        empty={t(s, 'console.analytics.empty')}
      />
      <DataTable
        testId="analytics-empty-searches"
        caption={t(s, 'console.analytics.emptySearches')}
        columns={[
          { id: 'query', label: t(s, 'console.analytics.col.query') },
          { id: 'storefront', label: t(s, 'console.analytics.col.storefront') },
          { id: 'searches', label: t(s, 'console.analytics.col.searches') },
        ]}
        rows={summary.emptySearches.map((q) => ({
          key: `${q.storefront} ${q.query}`,
          cells: { query: q.query, storefront: q.storefront, searches: count(q.searches) },
        }))}
        empty={t(s, 'console.analytics.empty')}
      />
    </>
  );
}
