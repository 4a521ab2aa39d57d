import { signal } from '@preact/signals-core';

export type AppMode = 'web' | 'app' | 'ios';
export type CookiePolicyLevel = 'low' | 'high';

/** Storefront facts every island shares; filled from host props by the runtime before any island mounts. */
export interface SiteState {
  local: string;
  urlLocal: string;
  /** API base of the storefront, e.g. '/api/id'. */
  api: string;
  cookiePolicyLevel: CookiePolicyLevel;
  app: AppMode;
  hasPoco: boolean;
  isToC: boolean;
}

/** `/id/app/...` and `/id/ios/...` are native app webviews. */
export function appModeFromPath(path: string): AppMode {
  const m = /^\/[^/]+\/(app|ios)(\/|$)/.exec(path);
  return m ? (m[1] as AppMode) : 'web';
}

function initial(): SiteState {
  const path = typeof location === 'undefined' ? '/' : location.pathname;
  const urlLocal = path.split('/')[1] ?? '';
  return {
    local: urlLocal,
    urlLocal,
    api: `/api/${urlLocal}`,
    cookiePolicyLevel: 'low',
    app: appModeFromPath(path),
    hasPoco: false,
    isToC: true,
  };
}

export const site = signal<SiteState>(initial());

/**
 * Merges the site fields found in a host's props (local, urlLocal, api, cookiePolicyLevel or level, app, hasPoco,
 * isToC).
 * Every island's host carries the same facts, and each mount calls this: the signal changes only when a fact does,
 * else every island that reads the site (prices, consent, links) would render again at each later mount.
 */
export function updateSiteFromProps(props: Record<string, unknown>): void {
  const next: SiteState = { ...site.value };
  if (typeof props.local === 'string') next.local = props.local;
  if (typeof props.urlLocal === 'string') next.urlLocal = props.urlLocal;
  if (typeof props.api === 'string') next.api = props.api;
  // The consent host may name it `level` (src/shell/footer).
  const level = props.cookiePolicyLevel ?? props.level;
  if (level === 'low' || level === 'high') next.cookiePolicyLevel = level;
  if (props.app === 'app' || props.app === 'ios' || props.app === 'web')
    next.app = props.app === 'web' ? next.app : props.app;
  if (typeof props.hasPoco === 'boolean') next.hasPoco = props.hasPoco;
  if (typeof props.isToC === 'boolean') next.isToC = props.isToC;
  const current = site.value;
  if ((Object.keys(next) as (keyof SiteState)[]).some((key) => next[key] !== current[key])) site.value = next;
}
