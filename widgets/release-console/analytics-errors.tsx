import { t } from '../lib/strings';
import type { ErrorGroup } from './api';
import { DataTable } from './analytics-tables';
import { count, when } from './format';

type Strings = Record<string, string> | undefined;

/**
 * The front-end error groups of the period, most reported first: the message, where it was thrown (file:line:col),
 * how often, when first and last, the storefront, and the release it came with first and last.
 */
export function ErrorGroupsTable({ s, groups }: { s: Strings; groups: ErrorGroup[] }) {
  const release = (id: string | null) => (id === null ? '–' : <code>{id}</code>);
  return (
    <DataTable
      testId="analytics-errors"
      caption={t(s, 'console.analytics.errors.title')}
      head={[
        t(s, 'console.analytics.col.message'),
        t(s, 'console.analytics.col.source'),
        t(s, 'console.analytics.col.reports'),
        t(s, 'console.analytics.col.firstSeen'),
        t(s, 'console.analytics.col.lastSeen'),
        t(s, 'console.analytics.col.storefront'),
        t(s, 'console.analytics.col.release'),
      ]}
      rows={groups.map((g) => ({
        key: String(g.id),
        cells: [
          <span class="analytics-message">{g.message}</span>,
          g.source === null ? '–' : <code>{g.source}</code>,
          count(g.count),
          when(g.firstSeen),
          when(g.lastSeen),
          g.storefront,
          g.firstRelease === g.release ? (
            release(g.release)
          ) : (
            <>
              {release(g.firstRelease)} → {release(g.release)}
            </>
          ),
        ],
      }))}
      empty={t(s, 'console.analytics.errors.none')}
    />
  );
}
