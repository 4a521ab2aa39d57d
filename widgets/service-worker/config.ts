/**
 * What makes one storefront's service worker differ from another's. The widgets build compiles one worker with
 * this placeholder; the site build (plugins/storefront-pages/post-build/service-workers.ts) writes
 * /{prefix}/service-worker.js for each storefront with the placeholder replaced by that storefront's config.
 */
export interface ServiceWorkerConfig {
  /** The storefront's folder and the worker's scope, e.g. '/id/'. */
  scope: string;
  /**
   * The storefront's offline page per shell: the web page ('/id/offline/') and the apps' webview variants
   * ('/id/app/offline/', '/id/ios/offline/', without the site header and footer). A worker precaches only the one of
   * the shell that registered it (see `shellOfWorker`), with the files it shows.
   */
  offline: Record<Shell, OfflinePage>;
  /**
   * Pages that are never cached nor answered from a cache, as path prefixes relative to the scope ('cart/',
   * 'user/'): cart, checkout, payment, the user area, business checkout and every other page whose content is a
   * shopper's own. They hold in the apps' webviews too ('/id/app/cart/').
   */
  privatePrefixes: string[];
}

/** The web site, or the Android or iOS app's webview (`/{prefix}/app/…`, `/{prefix}/ios/…`). */
export type Shell = 'web' | 'app' | 'ios';

export interface OfflinePage {
  /** Shown when a navigation cannot be answered, e.g. '/id/offline/'. */
  url: string;
  /** Precached: the page itself first, then the images it shows at once. */
  files: PrecacheFile[];
}

export interface PrecacheFile {
  url: string;
  /** A hash of the file's content: a new one makes installed workers fetch the file again. */
  revision: string;
}

/** The string literal the build replaces with the storefront's config, as a JSON string. */
export const CONFIG_PLACEHOLDER = '__STOREFRONT_SERVICE_WORKER_CONFIG__';

/** The query of the worker's script names the shell that registered it: '/id/service-worker.js?shell=app'. */
export function shellOfWorker(search: string): Shell {
  const shell = new URLSearchParams(search).get('shell');
  return shell === 'app' || shell === 'ios' ? shell : 'web';
}
