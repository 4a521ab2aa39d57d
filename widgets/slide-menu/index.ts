import { enhanceAccordions } from '../lib/accordion';
import { signInUrl } from '../request';
import { fillHeaderParts } from '../lib/header-parts';
import type { BaseProps } from '../runtime/types';
import { displayName, isLoggedIn, loadProfile, userId } from '../state/user';
import { loadDeferredImages } from '../lib/deferred-images';
import { onBackPress } from '../lib/app-bridge/back-press';
import { slideMenuBackPress } from './back-press';

/**
 * The slide menu's user entry shows the nickname for signed-in users; anonymous users go to sign-in
 * with the current page as callback. The entry is `[data-slide-user]` (or `.slide__user`) with a text span.
 */
function updateUserEntry(menu: HTMLElement): void {
  const entry = menu.querySelector<HTMLAnchorElement>('[data-slide-user], .slide__user');
  if (!entry) return;
  const label = entry.querySelector('span') ?? entry;
  if (!isLoggedIn.value) {
    entry.href = signInUrl();
    return;
  }
  void loadProfile().then((p) => {
    label.textContent = displayName(p, userId.value);
  });
}

/**
 * Enhances `<div data-slide-menu hidden>` (contracts.md): toggled by any `[data-slide-toggle]` button on the page
 * (or in the host); a main item `[data-slide-open=ID]` opens submenu #ID, `[data-slide-back]` returns; footer
 * `<details data-accordion>` fold each other (at most 5 tracked). Escape, and in the store app the phone's back button,
 * closes the submenu, then the menu.
 */
export async function mount(host: HTMLElement, props: BaseProps): Promise<() => void> {
  const menu = host.querySelector<HTMLElement>('[data-slide-menu]');
  if (!menu) throw new Error('slide-menu: no [data-slide-menu] in the host');
  await fillHeaderParts(host, props.urlLocal);
  // Without its content (the panels file could not be loaded) the toggle stays a link to the HTML sitemap.
  if (menu.childElementCount === 0) return () => undefined;
  const toggles = Array.from(document.querySelectorAll<HTMLElement>('[data-slide-toggle]'));
  const ac = new AbortController();
  const opts = { signal: ac.signal };
  let opener: HTMLElement | null = null;
  /** Registered while the menu is open, so a modal opened over it closes first on the app's back press. */
  let stopBackPress: (() => void) | null = null;

  const setMenuOpen = (open: boolean) => {
    if (open) loadDeferredImages(menu);
    menu.hidden = !open;
    if (open && !stopBackPress)
      stopBackPress = onBackPress(() =>
        slideMenuBackPress({
          isOpen: () => !menu.hidden,
          submenuOpen: () => menu.hasAttribute('data-submenu-open'),
          back,
          close: () => {
            setMenuOpen(false);
            toggles[0]?.focus();
          },
        }),
      );
    if (!open) {
      stopBackPress?.();
      stopBackPress = null;
    }
    toggles.forEach((t) => t.setAttribute('aria-expanded', String(open)));
    document.documentElement.classList.toggle('slide-menu-open', open);
    if (open) menu.querySelector<HTMLElement>('a[href], button')?.focus();
  };
  const showSubmenu = (id: string, from: HTMLElement) => {
    const sub = document.getElementById(id);
    if (!sub || !menu.contains(sub)) return;
    for (const other of Array.from(menu.querySelectorAll<HTMLElement>('[data-slide-submenu]')))
      other.hidden = other !== sub;
    menu.setAttribute('data-submenu-open', id);
    from.setAttribute('aria-expanded', 'true');
    opener = from;
    sub.querySelector<HTMLElement>('[data-slide-back]')?.focus();
  };
  const back = () => {
    for (const sub of Array.from(menu.querySelectorAll<HTMLElement>('[data-slide-submenu]'))) sub.hidden = true;
    menu.removeAttribute('data-submenu-open');
    opener?.setAttribute('aria-expanded', 'false');
    opener?.focus();
    opener = null;
  };

  for (const t of toggles) {
    t.setAttribute('aria-expanded', String(!menu.hidden));
    if (menu.id) t.setAttribute('aria-controls', menu.id);
    // The toggle is a link to the sitemap without JavaScript; with the widget it opens the menu instead.
    t.addEventListener(
      'click',
      (e) => {
        e.preventDefault();
        setMenuOpen(menu.hidden);
      },
      opts,
    );
  }
  menu.addEventListener(
    'click',
    (e) => {
      const target = e.target as HTMLElement;
      const openBtn = target.closest<HTMLElement>('[data-slide-open]');
      if (openBtn) {
        e.preventDefault();
        showSubmenu(openBtn.getAttribute('data-slide-open') ?? '', openBtn);
        return;
      }
      if (target.closest('[data-slide-back]')) {
        e.preventDefault();
        back();
      }
      if (target.closest('[data-slide-close]')) setMenuOpen(false);
    },
    opts,
  );
  menu.addEventListener(
    'keydown',
    (e) => {
      if (e.key !== 'Escape') return;
      if (menu.hasAttribute('data-submenu-open')) back();
      else {
        setMenuOpen(false);
        toggles[0]?.focus();
      }
    },
    opts,
  );
  const stopAccordions = enhanceAccordions(menu);
  updateUserEntry(menu);
  menu.setAttribute('data-enhanced', '');
  return () => {
    stopBackPress?.();
    ac.abort();
    stopAccordions();
    menu.removeAttribute('data-enhanced');
  };
}
