import { LANGUAGE_COOKIE, writeCookie } from '../consent-gate';
import { fillHeaderParts } from '../lib/header-parts';
import type { BaseProps } from '../runtime/types';
import { prefixOf, switchLanguageUrl } from './switch-url';

/** The popover toggles with a 150 ms debounce. */
export const POPOVER_DEBOUNCE_MS = 150;

/**
 * Enhances `<div data-lang-popover>` (contracts.md): the toggle opens the option list (debounced); choosing an
 * option sets the language cookie (functional: refused without consent) and goes to the same page of that
 * storefront with f=switch_lang; choosing the current storefront does nothing. The options come from the
 * storefront's panels file first (pages carry an empty list).
 */
export async function mount(host: HTMLElement, props: BaseProps): Promise<() => void> {
  const root = host.querySelector<HTMLElement>('[data-lang-popover]');
  if (!root) throw new Error('language-popover: no [data-lang-popover] in the host');
  await fillHeaderParts(root, props.urlLocal);
  const toggle = root.querySelector<HTMLElement>('[data-lang-toggle]');
  // The option list: the toggle's aria-controls target, else [data-lang-list]; without one CSS follows data-open.
  const list =
    document.getElementById(toggle?.getAttribute('aria-controls') ?? '') ??
    root.querySelector<HTMLElement>('[data-lang-list]');
  const current = (typeof props.current === 'string' && props.current) || props.urlLocal || prefixOf(location.pathname);
  const ac = new AbortController();
  const opts = { signal: ac.signal };
  let timer: ReturnType<typeof setTimeout> | undefined;
  let open = toggle?.getAttribute('aria-expanded') === 'true';

  const apply = (next: boolean) => {
    open = next;
    toggle?.setAttribute('aria-expanded', String(next));
    root.toggleAttribute('data-open', next);
    if (list) list.hidden = !next;
  };
  const request = (next: boolean) => {
    clearTimeout(timer);
    timer = setTimeout(() => apply(next), POPOVER_DEBOUNCE_MS);
  };
  apply(open);

  // Without its options (the panels file could not be loaded) the toggle leads to the select-location page.
  const empty = !list || list.childElementCount === 0;
  toggle?.addEventListener(
    'click',
    () => (empty ? location.assign(`/${current}/select-location/`) : request(!open)),
    opts,
  );
  root.addEventListener(
    'keydown',
    (e) => {
      if (e.key === 'Escape' && open) {
        apply(false);
        toggle?.focus();
      }
    },
    opts,
  );
  document.addEventListener('click', (e) => !root.contains(e.target as Node) && open && request(false), opts);
  root.addEventListener(
    'click',
    (e) => {
      const option = (e.target as HTMLElement).closest<HTMLAnchorElement>('[data-lang-option]');
      if (!option) return;
      e.preventDefault();
      // data-url-local / the href's prefix is the storefront (be-fr); data-local may hold only the country (be).
      const target =
        option.dataset.urlLocal || prefixOf(new URL(option.href, location.href).pathname) || option.dataset.local || '';
      if (target === current) {
        apply(false);
        return;
      }
      writeCookie(LANGUAGE_COOKIE, option.dataset.lang ?? target, { days: 365 });
      location.assign(switchLanguageUrl(location.origin, location.pathname, target));
    },
    opts,
  );
  root.setAttribute('data-enhanced', '');
  return () => {
    clearTimeout(timer);
    ac.abort();
    root.removeAttribute('data-enhanced');
  };
}
