import { POCO_MENU_LOCALS } from '../../sites/local-constants';
import { desktopQuery } from '../lib/breakpoint';
import type { BaseProps } from '../runtime/types';
import { site } from '../state/site';
import { loadDeferredImages } from '../lib/deferred-images';
import { fillHeaderParts } from '../lib/header-parts';
import { enhanceTabs } from './tabs';

/** The menu delays: second-level items open after 100 ms of hover on desktop. */
export const HOVER_DELAY_MS = 100;

/**
 * Enhances the server's `<nav data-mega-menu>` (contracts.md) as a WAI-ARIA disclosure navigation menu. A top
 * item with a panel becomes a disclosure button (`role="button"`, `aria-expanded`): Enter and Space open or close
 * its panel, ArrowDown opens it and moves into it, Escape closes it and returns to the item, arrows, Home and
 * End move between items, and leaving the menu closes it. The item's link stays for pointers: a mouse on the
 * desktop menu opens the panel by hovering (100 ms delay) and follows the link on click; a tap toggles the
 * panel. Each panel ends with "All products" to the same link, so keyboard users reach it too.
 *
 * Pages carry the panels empty: their content comes from the storefront's panels file, loaded and put in on the
 * shopper's first pointer, touch or focus in the menu (not at mount, where parsing it would hold up the page's
 * main thread for nothing); a panel asked for meanwhile opens once it is there. When the file cannot be had, a
 * tap or Enter on the item follows its link.
 */
export function mount(host: HTMLElement, props: BaseProps): () => void {
  const nav = host.querySelector<HTMLElement>('[data-mega-menu]');
  if (!nav) throw new Error('mega-menu: no [data-mega-menu] in the host');
  // sites/ says which storefronts have the poco menu; a host may also pass hasPoco.
  const desktop = desktopQuery(
    typeof props.hasPoco === 'boolean' ? props.hasPoco : site.value.hasPoco || POCO_MENU_LOCALS.includes(props.local),
  );
  const items = Array.from(nav.querySelectorAll<HTMLElement>('[data-mega-item]'));
  const triggers = Array.from(nav.querySelectorAll<HTMLElement>('.mega__trigger'));
  const triggerOf = (item: HTMLElement) => item.querySelector<HTMLElement>('[data-mega-trigger]');
  const panelOf = (item: HTMLElement) => item.querySelector<HTMLElement>('[data-mega-panel]');
  const filled = (panel: HTMLElement) => panel.childElementCount > 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const cleanups: (() => void)[] = [];
  const on = <K extends keyof HTMLElementEventMap>(
    el: HTMLElement,
    type: K,
    fn: (e: HTMLElementEventMap[K]) => void,
  ) => {
    el.addEventListener(type, fn);
    cleanups.push(() => el.removeEventListener(type, fn));
  };

  let filling: Promise<void> | undefined;
  const fill = () =>
    (filling ??= fillHeaderParts(nav, props.urlLocal).then(() => {
      for (const item of items) {
        const panel = panelOf(item);
        if (panel && filled(panel)) cleanups.push(enhanceTabs(panel));
      }
    }));
  for (const type of ['pointerenter', 'pointerdown', 'touchstart', 'focusin'] as const)
    on(nav, type, () => void fill());

  // The panel the shopper asked for last while the panels were loading: it opens when they are in.
  let pending: HTMLElement | undefined;
  const setOpen = (item: HTMLElement, open: boolean): Promise<boolean> => {
    const panel = panelOf(item);
    if (!panel) return Promise.resolve(false);
    if (!open && pending === item) pending = undefined;
    if (open && !filled(panel)) {
      pending = item;
      return fill().then(() => {
        const stillWanted = pending === item;
        if (stillWanted) pending = undefined;
        return stillWanted && filled(panel) ? setOpen(item, true) : false;
      });
    }
    if (open) loadDeferredImages(panel);
    panel.hidden = !open;
    triggerOf(item)?.setAttribute('aria-expanded', String(open));
    item.toggleAttribute('data-open', open);
    return Promise.resolve(open);
  };
  const closeAll = (except?: HTMLElement) => items.forEach((i) => i !== except && void setOpen(i, false));
  const openOnly = (item: HTMLElement): Promise<boolean> => {
    closeAll(item);
    return setOpen(item, true);
  };
  const isOpen = (item: HTMLElement) => panelOf(item)?.hidden === false;
  const toggle = (item: HTMLElement) => {
    clearTimeout(timer);
    if (isOpen(item)) {
      void setOpen(item, false);
      return;
    }
    // Without its content (the panels file could not be loaded) the item does what its link does.
    void openOnly(item).then((opened) => {
      const href = triggerOf(item)?.getAttribute('href');
      const panel = panelOf(item);
      if (!opened && pending === undefined && panel && !filled(panel) && href) location.assign(href);
    });
  };

  // Moves focus along the top row (every item, with or without a panel); an open panel follows the focus.
  const moveFrom = (trigger: HTMLElement, to: (index: number) => number) => {
    const next = triggers[(to(triggers.indexOf(trigger)) + triggers.length) % triggers.length];
    if (!next) return;
    const openItem = items.find(isOpen);
    const nextItem = items.find((i) => triggerOf(i) === next);
    if (openItem) {
      if (nextItem) void openOnly(nextItem);
      else closeAll();
    }
    next.focus();
  };
  for (const trigger of triggers) {
    on(trigger, 'keydown', (e) => {
      const rtl = getComputedStyle(nav).direction === 'rtl';
      const step = { ArrowRight: rtl ? -1 : 1, ArrowLeft: rtl ? 1 : -1 }[e.key];
      if (step !== undefined) {
        e.preventDefault();
        moveFrom(trigger, (i) => i + step);
      } else if (e.key === 'Home' || e.key === 'End') {
        e.preventDefault();
        moveFrom(trigger, () => (e.key === 'Home' ? 0 : triggers.length - 1));
      }
    });
  }

  for (const item of items) {
    const trigger = triggerOf(item);
    const panel = panelOf(item);
    on(item, 'mouseenter', () => {
      if (!desktop.matches) return;
      clearTimeout(timer);
      timer = setTimeout(() => void openOnly(item), HOVER_DELAY_MS);
    });
    on(item, 'mouseleave', () => {
      if (!desktop.matches) return;
      clearTimeout(timer);
      timer = setTimeout(() => void setOpen(item, false), HOVER_DELAY_MS);
    });
    if (!trigger || !panel) continue;
    trigger.setAttribute('role', 'button');
    on(trigger, 'click', (e) => {
      // A mouse on the desktop menu follows the link (hovering opened the panel); a tap, a screen reader's
      // activation or a synthetic click toggles.
      const pointer = (e as PointerEvent).pointerType;
      if (desktop.matches && (pointer === 'mouse' || pointer === 'pen')) return;
      e.preventDefault();
      toggle(item);
    });
    on(trigger, 'keydown', (e) => {
      if (e.key === 'Enter' || e.key === ' ') {
        e.preventDefault();
        toggle(item);
      } else if (e.key === 'ArrowDown') {
        e.preventDefault();
        void openOnly(item).then(
          (opened) => opened && panel.querySelector<HTMLElement>('a[href], button, [tabindex="0"]')?.focus(),
        );
      }
    });
  }

  const onKey = (e: KeyboardEvent) => {
    if (e.key !== 'Escape') return;
    const open = items.find(isOpen);
    if (!open) return;
    void setOpen(open, false);
    triggerOf(open)?.focus();
  };
  const onOutside = (e: Event) => {
    if (!nav.contains(e.target as Node)) closeAll();
  };
  // Focus leaving the menu (Tab past the last link of a panel, or elsewhere) closes it.
  const onFocusOut = (e: FocusEvent) => {
    if (e.relatedTarget instanceof Node && !nav.contains(e.relatedTarget)) closeAll();
  };
  nav.addEventListener('keydown', onKey);
  nav.addEventListener('focusout', onFocusOut);
  document.addEventListener('click', onOutside);
  nav.setAttribute('data-enhanced', '');
  return () => {
    clearTimeout(timer);
    cleanups.forEach((c) => c());
    for (const item of items) triggerOf(item)?.removeAttribute('role');
    nav.removeEventListener('keydown', onKey);
    nav.removeEventListener('focusout', onFocusOut);
    document.removeEventListener('click', onOutside);
    nav.removeAttribute('data-enhanced');
  };
}
