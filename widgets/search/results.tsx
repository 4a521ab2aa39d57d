import { useSignal } from '@preact/signals';
import { useEffect } from 'preact/hooks';
import { price, type PriceDisplay } from '../lib/price';
import { t } from '../lib/strings';
import type { BaseProps } from '../runtime/types';
import { fetchSuggestions, type Suggestion } from './suggest';

/** Live results for a typed keyword on the search page. */
export function SearchResults({ props, keyword }: { props: Pick<BaseProps, 'api' | 'urlLocal' | 'strings' | 'isToC'> & { priceDisplay?: PriceDisplay }; keyword: string }) {
  const s = props.strings;
  const items = useSignal<Suggestion[] | null>(null);
  useEffect(() => {
    void fetchSuggestions(props.api, keyword, 20).then((list) => (items.value = list));
  }, [keyword]);
  return (
    <>
      <h2 id="search-results">{t(s, 'search.results', 'Results for “{key}”', { key: keyword })}</h2>
      {items.value === null ? (
        <p>{t(s, 'common.loading', 'Loading…')}</p>
      ) : items.value.length === 0 ? (
        <p role="status">{t(s, 'search.noResults', 'No results found for “{key}”.', { key: keyword })}</p>
      ) : (
        <ul class="search-results" role="list" data-testid="search-results">
          {items.value.map((item) => (
            <li key={item.itemId} class="search-results__item">
              <a href={item.link}>
                <img src={item.image} alt="" width={160} height={160} loading="lazy" />
                <h3>{item.name}</h3>
              </a>
              {props.isToC !== false ? <p class="search-results__price">{price(item.price, props.priceDisplay)}</p> : null}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
