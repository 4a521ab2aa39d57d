import { POCO_MENU_LOCALS } from '../../sites/local-constants';
import { desktopQuery } from '../lib/breakpoint';
import type { BaseProps } from '../runtime/types';
import { site } from '../state/site';
import { enhanceTabs } from './tabs';

/** §9: second-level items open after 100 ms of hover on desktop. */
export const HOVER_DELAY_MS = 100;

/**
 * Enhances the server's `<nav data-mega-menu>` (contracts.md): hover with a 100 ms delay on desktop, click on
 * mobile and for keyboard users, Escape closes, arrow keys move between triggers, third-level tabs.
 */
export function mount(host: HTMLElement, props: BaseProps): () => void {
  const nav = host.querySelector<HTMLElement>('[data-mega-menu]');
  if (!nav) throw new Error('mega-menu: no [data-mega-menu] in the host');
  // sites/ says which storefronts have the poco menu; a host may also pass hasPoco.
  const desktop = desktopQuery(typeof props.hasPoco === 'boolean' ? props.hasPoco : site.value.hasPoco || POCO_MENU_LOCALS.includes(props.local));
  const items = Array.from(nav.querySelectorAll<HTMLElement>('[data-mega-item]'));
  const triggerOf = (item: HTMLElement) => item.querySelector<HTMLElement>('[data-mega-trigger]');
  const panelOf = (item: HTMLElement) => item.querySelector<HTMLElement>('[data-mega-panel]');
  let timer: ReturnType<typeof setTimeout> | undefined;
  const cleanups: (() => void)[] = [];

  const setOpen = (item: HTMLElement, open: boolean) => {
    const panel = panelOf(item);
    if (!panel) return;
    panel.hidden = !open;
    triggerOf(item)?.setAttribute('aria-expanded', String(open));
    item.toggleAttribute('data-open', open);
  };
  const closeAll = (except?: HTMLElement) => items.forEach((i) => i !== except && setOpen(i, false));
  const openOnly = (item: HTMLElement) => {
    closeAll(item);
    setOpen(item, true);
  };
  const isOpen = (item: HTMLElement) => panelOf(item)?.hidden === false;

  for (const item of items) {
    const trigger = triggerOf(item);
    const on = <K extends keyof HTMLElementEventMap>(el: HTMLElement, type: K, fn: (e: HTMLElementEventMap[K]) => void) => {
      el.addEventListener(type, fn);
      cleanups.push(() => el.removeEventListener(type, fn));
    };
    on(item, 'mouseenter', () => {
      if (!desktop.matches) return;
      clearTimeout(timer);
      timer = setTimeout(() => openOnly(item), HOVER_DELAY_MS);
    });
    on(item, 'mouseleave', () => {
      if (!desktop.matches) return;
      clearTimeout(timer);
      timer = setTimeout(() => setOpen(item, false), HOVER_DELAY_MS);
    });
    if (!trigger) continue;
    // A link trigger navigates on desktop; a button trigger toggles everywhere (click on mobile, keyboard on desktop).
    on(trigger, 'click', (e) => {
      if (trigger.tagName === 'A' && desktop.matches) return;
      if (!panelOf(item)) return;
      e.preventDefault();
      clearTimeout(timer);
      if (isOpen(item)) setOpen(item, false);
      else openOnly(item);
    });
    on(trigger, 'keydown', (e) => {
      const index = items.indexOf(item);
      const move = (delta: number) => {
        const next = items[(index + delta + items.length) % items.length];
        const nextTrigger = next && triggerOf(next);
        if (!nextTrigger) return;
        e.preventDefault();
        if (isOpen(item)) openOnly(next);
        nextTrigger.focus();
      };
      const rtl = getComputedStyle(nav).direction === 'rtl';
      if (e.key === 'ArrowRight') move(rtl ? -1 : 1);
      else if (e.key === 'ArrowLeft') move(rtl ? 1 : -1);
      else if (e.key === 'ArrowDown' && panelOf(item)) {
        e.preventDefault();
        openOnly(item);
        panelOf(item)?.querySelector<HTMLElement>('a[href], button, [tabindex="0"]')?.focus();
      }
    });
    const panel = panelOf(item);
    if (panel) cleanups.push(enhanceTabs(panel));
  }

  const onKey = (e: KeyboardEvent) => {
    if (e.key !== 'Escape') return;
    const open = items.find(isOpen);
    if (!open) return;
    setOpen(open, false);
    triggerOf(open)?.focus();
  };
  const onOutside = (e: Event) => {
    if (!nav.contains(e.target as Node)) closeAll();
  };
  nav.addEventListener('keydown', onKey);
  document.addEventListener('click', onOutside);
  nav.setAttribute('data-enhanced', '');
  return () => {
    clearTimeout(timer);
    cleanups.forEach((c) => c());
    nav.removeEventListener('keydown', onKey);
    document.removeEventListener('click', onOutside);
    nav.removeAttribute('data-enhanced');
  };
}
