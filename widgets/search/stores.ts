import { t } from '../lib/strings';
import type { BaseProps } from '../runtime/types';

/** Folds for matching as the server does: no case, no accents ("munchen" finds "München"). */
export function foldForMatch(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
}

/** The store id of /…/store/xiaomi-store/detail/{storeId}/, if the URL has one. */
export function storeIdFromPath(pathname: string): string | null {
  const m = /\/store\/xiaomi-store\/detail\/([^/]+)\/?$/.exec(pathname);
  if (!m?.[1]) return null;
  try {
    return decodeURIComponent(m[1]);
  } catch {
    return m[1];
  }
}

/**
 * The store finder on the static store list: a filter by city or name over the rendered stores (`[data-store-id]`
 * with their text in `data-search`), and, when this page answers /detail/{storeId}/ for an id no store has (a closed
 * store, a mistyped link), a notice above the full list.
 */
export function mountStoreFinder(host: HTMLElement, props: Pick<BaseProps, 'strings'>): () => void {
  const s = props.strings;
  const cards = [...host.querySelectorAll<HTMLElement>('[data-store-id]')];
  const items = cards.map((card) => ({
    card,
    row: (card.closest('li') ?? card) as HTMLElement,
    text: foldForMatch(card.dataset['search'] ?? card.textContent ?? ''),
  }));
  const count = host.querySelector<HTMLElement>('.stores__count');

  const wanted = storeIdFromPath(location.pathname);
  let notice: HTMLElement | null = null;
  if (wanted !== null && !cards.some((c) => c.dataset['storeId'] === wanted)) {
    notice = document.createElement('p');
    notice.setAttribute('role', 'status');
    notice.className = 'stores__not-found';
    notice.textContent = t(s, 'stores.notFound');
    host.prepend(notice);
  }

  const label = document.createElement('label');
  label.className = 'stores__filter';
  label.textContent = t(s, 'stores.filter');
  const input = document.createElement('input');
  input.type = 'search';
  input.autocomplete = 'off';
  label.appendChild(input);
  const empty = document.createElement('p');
  empty.setAttribute('role', 'status');
  empty.hidden = true;
  (notice ?? host.firstChild)?.after?.(label);
  if (!label.isConnected) host.prepend(label);
  label.after(empty);

  const apply = () => {
    const words = foldForMatch(input.value).split(/\s+/).filter(Boolean);
    let shown = 0;
    for (const item of items) {
      const match = words.every((w) => item.text.includes(w));
      item.row.hidden = !match;
      if (match) shown += 1;
    }
    if (count) count.textContent = t(s, 'stores.count', { count: shown });
    empty.hidden = shown > 0;
    empty.textContent = shown > 0 ? '' : t(s, 'stores.noMatch', { key: input.value.trim() });
  };
  input.addEventListener('input', apply);
  return () => {
    input.removeEventListener('input', apply);
    label.remove();
    empty.remove();
    notice?.remove();
    for (const item of items) item.row.hidden = false;
  };
}
