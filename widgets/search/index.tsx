import { render } from 'preact';
import { price } from '../lib/price';
import { adoptStyles } from '../lib/styles';
import { t } from '../lib/strings';
import { track } from '../lib/analytics';

const CSS =
  `.search-suggest{position:absolute;inset-inline:0;inset-block-start:100%;z-index:60;margin:0;padding:.` +
  `25rem 0;list-style:none;background:#fff;border:1px solid ` +
  `var(--color-line,#e0e0e0);border-radius:var(--radius,8px);box-shadow:0 8px 24px rgb(0 0 ` +
  `0/15%);min-inline-size:280px}
.search-suggest a{display:flex;align-items:center;gap:.75rem;padding:.5rem .75rem;color:inherit;text-decoration:none}
.search-suggest .is-active a,.search-suggest a:hover{background:var(--color-soft,#f5f5f5)}
.search-suggest__price{margin-inline-start:auto;white-space:nowrap}
.search-results{display:grid;grid-template-columns:repeat(auto-fill,minmax(180px,1fr));gap:1rem;padding:0;` +
  `list-style:none}`;
import { propsOf, type BaseProps } from '../runtime/types';
import type { HostProps } from '../contract';
import { fetchSuggestions, type Suggestion } from './suggest';
import { SearchResults } from './results';
import { mountStoreFinder } from './stores';
import { fixedImage } from '../../sites/image-renditions';

type Props = HostProps<'search'>;

const DEBOUNCE_MS = 200;

function Listbox({ id, items, active, props }: { id: string; items: Suggestion[]; active: number; props: Props }) {
  return (
    <ul
      id={id}
      // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: the combobox's list of options
      role="listbox"
      class="search-suggest"
      hidden={items.length === 0}
      aria-label={t(props.strings, 'search.suggestions')}
    >
      {items.map((item, i) => (
        // The focus stays in the search box, which names the active option (aria-activedescendant).
        // biome-ignore lint/a11y/useFocusableInteractive: see the line above
        <li
          key={item.itemId}
          id={`${id}-${i}`}
          // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: an option of the combobox
          role="option"
          aria-selected={i === active}
          class={i === active ? 'is-active' : undefined}
        >
          <a href={item.link} tabIndex={-1}>
            <img {...fixedImage(item.image, 40)} alt="" width={40} height={40} loading="lazy" />
            <span>{item.name}</span>
            {props.isToC !== false ? (
              <span class="search-suggest__price">{price(item.price, props.priceDisplay)}</span>
            ) : null}
          </a>
        </li>
      ))}
    </ul>
  );
}

/** The key of /…/search/{key}/ (product, business or support search), decoded; null on the bare search page. */
export function keyFromPath(pathname: string): string | null {
  const m = /\/search\/([^/]+)\/?$/.exec(pathname);
  if (!m?.[1]) return null;
  try {
    return decodeURIComponent(m[1]).trim() || null;
  } catch {
    return null;
  }
}

/**
 * Enhances the server's search form (`form[role=search]` with its search input): suggestions from
 * GET {api}/v2/search/suggestList as an ARIA combobox; the form still submits as without JavaScript.
 * On the search pages (mode page: /search/{key}/, mode support: /support/search/{key}/) a key the build did not
 * prerender (any key: those pages are served for every {key}) gets the API's live results, and a new search goes
 * to /…/search/{key}/. Mode stores is the store finder's filter (stores.ts).
 */
export function mount(host: HTMLElement, base: BaseProps): () => void {
  const props = propsOf<'search'>(base);
  if (props.mode === 'stores') return mountStoreFinder(host, props);
  const form = host.querySelector<HTMLFormElement>('form[role="search"], form');
  const input = form?.querySelector<HTMLInputElement>('input[type="search"], input[name="keyword"]');
  if (!form || !input) throw new Error('search: no search form in the host');
  adoptStyles('search', CSS);
  const searchPage = props.mode === 'page' || props.mode === 'support';
  const listId = `${input.id || 'search'}-suggest`;
  const box = document.createElement('div');
  box.className = 'search-suggest-box';
  box.style.position = 'relative';
  form.appendChild(box);
  input.setAttribute('role', 'combobox');
  input.setAttribute('aria-autocomplete', 'list');
  input.setAttribute('aria-controls', listId);
  input.setAttribute('aria-expanded', 'false');

  let items: Suggestion[] = [];
  let active = -1;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let seq = 0;
  const draw = () => {
    render(<Listbox id={listId} items={items} active={active} props={props} />, box);
    input.setAttribute('aria-expanded', String(items.length > 0));
    if (active >= 0) input.setAttribute('aria-activedescendant', `${listId}-${active}`);
    else input.removeAttribute('aria-activedescendant');
  };
  const lookup = () => {
    clearTimeout(timer);
    const keyword = input.value.trim();
    const mine = ++seq;
    if (!keyword || props.mode === 'support') {
      items = [];
      active = -1;
      draw();
      return;
    }
    timer = setTimeout(() => {
      void fetchSuggestions(props.api, keyword, 8).then((list) => {
        if (mine !== seq) return;
        // A shopper who arrowed onto a suggestion of the previous list keeps it if the new list still has it.
        const chosen = items[active]?.itemId;
        items = list;
        active = chosen === undefined ? -1 : list.findIndex((s) => s.itemId === chosen);
        draw();
      });
    }, DEBOUNCE_MS);
  };
  const onKey = (e: KeyboardEvent) => {
    if (items.length === 0) return;
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      active = (active + (e.key === 'ArrowDown' ? 1 : -1) + items.length) % items.length;
      draw();
    } else if (e.key === 'Escape') {
      items = [];
      active = -1;
      draw();
    }
  };
  const onSubmit = (e: SubmitEvent) => {
    const chosen = items[active];
    if (chosen) {
      e.preventDefault();
      location.assign(chosen.link);
      return;
    }
    // On the search pages a search is a page of its own: /…/search/{key}/ (the form's ?keyword= works too).
    const typed = input.value.trim();
    if (searchPage && props.action && typed) {
      e.preventDefault();
      location.assign(`${props.action}${encodeURIComponent(typed)}/`);
    }
  };
  input.addEventListener('input', lookup);
  input.addEventListener('keydown', onKey);
  form.addEventListener('submit', onSubmit);
  draw();

  // A key the static page was not built for: from the path (/search/{key}/ is served by /search/) or ?keyword=.
  let results: HTMLElement | null = null;
  const typed = searchPage
    ? (keyFromPath(location.pathname) ?? new URLSearchParams(location.search).get('keyword')?.trim() ?? '')
    : '';
  if (searchPage && typed && typed !== (props.key ?? '')) {
    input.value = typed;
    const heading = host.querySelector('h1');
    if (heading) heading.textContent = t(props.strings, 'searchPage.resultsFor', { key: typed });
    document.title =
      `${t(props.strings, 'searchPage.resultsFor', { key: typed })} | ` + `${document.title.split(' | ').pop() ?? ''}`;
    const staticResults = host.querySelector('[data-search-results]');
    host.querySelector('.support__summary')?.remove();
    results = document.createElement('div');
    results.className = 'search-live-results';
    if (staticResults) staticResults.replaceWith(results);
    else host.appendChild(results);
    const types = props.types && props.types.length > 0 ? props.types : (['product'] as const);
    render(<SearchResults props={props} keyword={typed} types={types} />, results);
  } else if (searchPage && typed) {
    // A key the build prerendered: its results are the page's own product cards.
    track({
      kind: 'search',
      query: typed.slice(0, 120),
      results: host.querySelectorAll('[data-search-results] .card').length,
    });
  }

  return () => {
    clearTimeout(timer);
    input.removeEventListener('input', lookup);
    input.removeEventListener('keydown', onKey);
    form.removeEventListener('submit', onSubmit);
    render(null, box);
    box.remove();
    if (results) render(null, results);
  };
}
