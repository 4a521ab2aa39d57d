import { useSignal } from '@preact/signals';
import { useEffect } from 'preact/hooks';
import { request } from '../request';
import { price, type PriceDisplay } from '../lib/price';
import { t } from '../lib/strings';
import { track } from '../lib/analytics';
import type { BaseProps } from '../runtime/types';
import type { SearchType } from '../../sites/site.schema';
import { fixedImage } from '../../sites/image-renditions';

/** A title or snippet: the text as written and the [start, end) ranges that matched (the API's `marks`). */
export interface Marked {
  text: string;
  marks: [number, number][];
}

/** One result of GET {api}/search after camelCasing. */
export interface SearchItem {
  type: SearchType;
  id: string;
  link: string;
  title: Marked;
  snippet: Marked;
  image?: string;
  price?: number;
  marketPrice?: number;
  inStock?: boolean;
  city?: string;
  mapUrl?: string;
  supportKind?: 'article' | 'faq';
  /** The business search (/business/search, flow=company): the product's quantity tiers and their unit prices. */
  businessTiers?: { minQuantity: number; discountBp: number; price: number }[];
}

interface SearchGroup {
  type: SearchType;
  total: number;
  items: SearchItem[];
}

const PAGE = 12;

/**
 * Text with its matches in <mark>, as DOM text nodes: the text is never parsed as HTML, so a result or a key
 * holding markup shows as typed.
 */
export function Highlight({ value }: { value: Marked }) {
  const parts = [];
  let at = 0;
  value.marks.forEach(([s, e], i) => {
    if (s > at) parts.push(value.text.slice(at, s));
    // biome-ignore lint/suspicious/noArrayIndexKey: the highlighted pieces of one text, in their fixed order
    parts.push(<mark key={i}>{value.text.slice(s, e)}</mark>);
    at = e;
  });
  if (at < value.text.length) parts.push(value.text.slice(at));
  return <>{parts}</>;
}

type Props = Pick<BaseProps, 'api' | 'strings' | 'isToC'> & { priceDisplay?: PriceDisplay | undefined };

async function fetchGroup(api: string, keyword: string, type: SearchType, offset: number): Promise<SearchGroup> {
  const data = await request<{ results: SearchGroup[] }>(`${api}/search`, {
    params: { keyword, type, limit: PAGE, offset },
    cache: 60_000,
  });
  return data.results[0] ?? { type, total: 0, items: [] };
}

function Item({ item, props }: { item: SearchItem; props: Props }) {
  const s = props.strings;
  if (item.type === 'product') {
    return (
      <li class="search-results__item search-results__item--product" data-track-exposure={`product:${item.id}`}>
        <a href={item.link} data-track={`product:${item.id}`}>
          {item.image ? <img {...fixedImage(item.image, 120)} alt="" width={120} height={120} loading="lazy" /> : null}
          <h3>
            <Highlight value={item.title} />
          </h3>
        </a>
        {item.snippet.text ? (
          <p class="search-results__snippet">
            <Highlight value={item.snippet} />
          </p>
        ) : null}
        {props.isToC !== false ? <p class="search-results__price">{price(item.price, props.priceDisplay)}</p> : null}
        {item.businessTiers?.length ? (
          <ul class="search-results__tiers" data-testid="business-tiers">
            {item.businessTiers.map((tier) => (
              <li key={tier.minQuantity}>
                {t(s, 'business.search.from', {
                  price: price(tier.price, props.priceDisplay),
                  quantity: tier.minQuantity,
                })}
              </li>
            ))}
          </ul>
        ) : null}
        {item.inStock === false ? <p class="muted">{t(s, 'searchPage.outOfStock')}</p> : null}
      </li>
    );
  }
  return (
    <li class={`search-results__item search-results__item--${item.type}`}>
      <h3>
        <a href={item.link}>
          <Highlight value={item.title} />
        </a>
      </h3>
      {item.supportKind ? (
        <p class="muted">
          {item.supportKind === 'faq' ? t(s, 'searchPage.kind.faq') : t(s, 'searchPage.kind.article')}
        </p>
      ) : null}
      <p class="search-results__snippet">
        <Highlight value={item.snippet} />
      </p>
      {item.mapUrl ? (
        <p>
          <a href={item.mapUrl} target="_blank" rel="noopener noreferrer">
            {t(s, 'searchPage.map')}
          </a>
        </p>
      ) : null}
    </li>
  );
}

const HEADINGS = {
  product: 'searchPage.products',
  store: 'searchPage.stores',
  support: 'searchPage.support',
} as const satisfies Record<SearchType, string>;

function Group({ props, keyword, type }: { props: Props; keyword: string; type: SearchType }) {
  const s = props.strings;
  const group = useSignal<SearchGroup | null>(null);
  const failed = useSignal(false);
  const loadingMore = useSignal(false);
  useEffect(() => {
    group.value = null;
    failed.value = false;
    fetchGroup(props.api, keyword, type, 0).then(
      (g) => (group.value = g),
      () => (failed.value = true),
    );
  }, [keyword, type]);
  const more = () => {
    const current = group.value;
    if (!current || loadingMore.value) return;
    loadingMore.value = true;
    fetchGroup(props.api, keyword, type, current.items.length)
      .then((g) => (group.value = { ...current, items: [...current.items, ...g.items] }))
      .catch(() => (failed.value = true))
      .finally(() => (loadingMore.value = false));
  };
  const g = group.value;
  // An empty group says nothing; the page says "no results" when every group is empty.
  if (g && g.total === 0) return null;
  return (
    <section
      class={`search-group search-group--${type}`}
      data-search-type={type}
      aria-busy={g === null && !failed.value}
    >
      <h2>
        {t(s, HEADINGS[type])}
        {g ? <span class="muted"> · {t(s, 'searchPage.total', { count: g.total })}</span> : null}
      </h2>
      {failed.value ? (
        <p role="alert">{t(s, 'searchPage.failed')}</p>
      ) : g === null ? (
        <p>{t(s, 'searchPage.loading')}</p>
      ) : (
        <>
          <ul class="search-results" role="list" data-testid={`search-results-${type}`}>
            {g.items.map((item) => (
              <Item key={`${item.type}:${item.id}`} item={item} props={props} />
            ))}
          </ul>
          {g.items.length < g.total ? (
            <button type="button" class="button button--secondary" onClick={more} disabled={loadingMore.value}>
              {t(s, 'searchPage.more')}
            </button>
          ) : null}
        </>
      )}
    </section>
  );
}

/** Live results of a keyword for each search type, with "no results found" when none has any. */
export function SearchResults({
  props,
  keyword,
  types,
}: {
  props: Props;
  keyword: string;
  types: readonly SearchType[];
}) {
  const s = props.strings;
  const totals = useSignal<Record<string, number>>({});
  useEffect(() => {
    totals.value = {};
    let live = true;
    // The groups fetch their own pages; these counts (from the same cached GETs) decide "no results".
    void Promise.all(
      types.map((type) =>
        fetchGroup(props.api, keyword, type, 0).then(
          (g) => [type, g.total] as const,
          () => [type, -1] as const,
        ),
      ),
    ).then((pairs) => {
      if (!live) return;
      totals.value = Object.fromEntries(pairs);
      // A group that failed (-1) counts no results.
      const results = pairs.reduce((sum, [, total]) => sum + Math.max(0, total), 0);
      track({ kind: 'search', query: keyword.slice(0, 120), results });
    });
    return () => {
      live = false;
    };
  }, [keyword, types.join(',')]);
  const known = Object.keys(totals.value).length === types.length;
  const none = known && Object.values(totals.value).every((n) => n === 0);
  return (
    <div class="search-live" data-testid="search-results">
      {none ? (
        <p role="status" class="search-live__none">
          {t(s, 'searchPage.noResults', { key: keyword })}
        </p>
      ) : (
        types.map((type) => <Group key={type} props={props} keyword={keyword} type={type} />)
      )}
    </div>
  );
}
