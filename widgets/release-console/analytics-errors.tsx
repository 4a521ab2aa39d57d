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
      columns={[
        { id: 'message', label: t(s, 'console.analytics.col.message') },
        { id: 'source', label: t(s, 'console.analytics.col.source') },
        { id: 'count', label: t(s, 'console.analytics.col.reports') },
        { id: 'firstSeen', label: t(s, 'console.analytics.col.firstSeen') },
        { id: 'lastSeen', label: t(s, 'console.analytics.col.lastSeen') },
        { id: 'storefront', label: t(s, 'console.analytics.col.storefront') },
        { id: 'release', label: t(s, 'console.analytics.col.release') },
      ]}
      rows={groups.map((g) => ({
        key: String(g.id),
        cells: {
          message: <span class="analytics-message">{g.message}</span>,
          source: g.source === null ? '–' : <code>{g.source}</code>,
          count: count(g.count),
          firstSeen: when(g.firstSeen),
          lastSeen: when(g.lastSeen),
          storefront: g.storefront,
          // The release it first came with, and the latest one when it came again with a later release.
          release:
            g.firstRelease === g.release ? (
              release(g.release)
            ) : (
              <>
                {release(g.firstRelease)} → {release(g.release)}
              </>
            ),
        },
      }))}
      empty={t(s, 'console.analytics.errors.none')}
    />
  );
}
