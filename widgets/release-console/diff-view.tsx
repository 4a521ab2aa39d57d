import { t } from '../lib/strings';
import type { Diff } from './api';
import { money } from './format';

type Strings = Record<string, string> | undefined;

/**
 * What changed in a storefront's inputs since its served release was built: prices old → new, products, pages, texts.
 */
export function DiffView({ s, diff }: { s: Strings; diff: Diff }) {
  if (!diff.known || !diff.diff)
    return (
      <p data-testid="release-diff">{t(s, 'console.releases.diff.unknown', { parts: diff.changedParts.join(', ') })}</p>
    );
  const d = diff.diff;
  if (d.same) return <p data-testid="release-diff">{t(s, 'console.releases.diff.none')}</p>;
  const list = (
    key:
      | 'console.releases.diff.added'
      | 'console.releases.diff.removed'
      | 'console.releases.diff.pages'
      | 'console.releases.diff.strings'
      | 'console.releases.diff.other',
    items: string[],
  ) =>
    items.length > 0 && (
      <>
        <h4>{t(s, key)}</h4>
        <ul>
          {items.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      </>
    );
  return (
    <div data-testid="release-diff">
      {d.prices.length > 0 && (
        <>
          <h4>{t(s, 'console.releases.diff.prices')}</h4>
          <ul>
            {d.prices.map((p) => (
              <li key={p.commodityId}>
                {t(s, 'console.releases.diff.price', {
                  name: p.name,
                  before: money(p.before.salePrice, p.currency),
                  after: money(p.after.salePrice, p.currency),
                })}
                {/* EU and EEA: the lowest price of the last 30 days the reduced price will show, if published now. */}
                {p.lowestIfPublished != null && (
                  <>
                    {' '}
                    <span data-testid="release-diff-lowest">
                      {t(s, 'price.lowest.ifPublished', { price: money(p.lowestIfPublished, p.currency) })}
                    </span>
                  </>
                )}
              </li>
            ))}
          </ul>
        </>
      )}
      {list(
        'console.releases.diff.added',
        d.productsAdded.map((p) => p.name),
      )}
      {list(
        'console.releases.diff.removed',
        d.productsRemoved.map((p) => p.name),
      )}
      {list('console.releases.diff.pages', [...d.pagesChanged, ...d.pagesAdded, ...d.pagesRemoved])}
      {list('console.releases.diff.strings', d.strings)}
      {list('console.releases.diff.other', d.other)}
    </div>
  );
}
