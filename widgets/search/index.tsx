import { useSignal } from '@preact/signals';
import { useEffect, useRef } from 'preact/hooks';
import { mountPreact } from '../lib/mount-preact';
import { price, type PriceDisplay } from '../lib/price';
import { t } from '../lib/strings';
import { request } from '../request';
import type { BaseProps } from '../runtime/types';

interface Suggestion {
  name: string;
  image: string;
  price: number;
  inAct: boolean;
  link: string;
  itemId: string;
}

interface Props extends BaseProps {
  priceDisplay?: PriceDisplay;
  /** Initial keyword (on /search/{key}). */
  keyword?: string;
  key?: string;
  /** The search page URL (the fallback form's action). */
  action?: string;
  business?: boolean;
  /** /business/search keeps results in the business area. */
  searchPath?: string;
}

const DEBOUNCE_MS = 200;

/** Search box with suggestions (GET {api}/v2/search/suggestList) as an ARIA combobox; Enter submits like the fallback form (?keyword=). */
function Search({ props }: { props: Props }) {
  const s = props.strings;
  const keyword = useSignal(props.keyword ?? props.key ?? '');
  const items = useSignal<Suggestion[]>([]);
  const active = useSignal(-1);
  const timer = useRef<ReturnType<typeof setTimeout>>();
  const searchPath = props.searchPath ?? props.action ?? `/${props.urlLocal}/${props.business ? 'business/' : ''}search/`;

  useEffect(() => () => clearTimeout(timer.current), []);
  const lookup = (value: string) => {
    clearTimeout(timer.current);
    const k = value.trim();
    if (!k) {
      items.value = [];
      return;
    }
    timer.current = setTimeout(async () => {
      try {
        const data = await request<{ list: Suggestion[] }>(`${props.api}/v2/search/suggestList`, { params: { keyword: k }, cache: 60_000 });
        if (keyword.value.trim() === k) {
          items.value = data.list;
          active.value = -1;
        }
      } catch {
        items.value = [];
      }
    }, DEBOUNCE_MS);
  };
  const go = (e: Event) => {
    e.preventDefault();
    const chosen = items.value[active.value];
    if (chosen) location.assign(chosen.link);
    else if (keyword.value.trim()) location.assign(`${searchPath}?${new URLSearchParams({ keyword: keyword.value.trim() }).toString()}`);
  };
  const open = items.value.length > 0;
  return (
    <form class="search" role="search" onSubmit={go}>
      <label for="store-search-input" class="visually-hidden">
        {t(s, 'search.label', 'Search')}
      </label>
      <input
        id="store-search-input"
        type="search"
        role="combobox"
        aria-expanded={open}
        aria-controls="store-search-list"
        aria-autocomplete="list"
        aria-activedescendant={active.value >= 0 ? `store-search-opt-${active.value}` : undefined}
        placeholder={t(s, 'search.placeholder', 'Search products')}
        value={keyword.value}
        autoComplete="off"
        onInput={(e) => {
          keyword.value = (e.target as HTMLInputElement).value;
          lookup(keyword.value);
        }}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown' && open) {
            e.preventDefault();
            active.value = (active.value + 1) % items.value.length;
          } else if (e.key === 'ArrowUp' && open) {
            e.preventDefault();
            active.value = (active.value - 1 + items.value.length) % items.value.length;
          } else if (e.key === 'Escape') items.value = [];
        }}
      />
      <button type="submit">{t(s, 'search.submit', 'Search')}</button>
      <ul id="store-search-list" role="listbox" hidden={!open} class="search__list">
        {items.value.map((item, i) => (
          <li key={item.itemId} id={`store-search-opt-${i}`} role="option" aria-selected={i === active.value}>
            <a href={item.link}>
              <img src={item.image} alt="" width={40} height={40} loading="lazy" />
              <span>{item.name}</span> <span class="search__price">{price(item.price, props.priceDisplay)}</span>
            </a>
          </li>
        ))}
      </ul>
    </form>
  );
}

export function mount(host: HTMLElement, props: BaseProps): () => void {
  return mountPreact(host, <Search props={props as Props} />);
}
