/**
 * What makes one storefront's service worker differ from another's. The widgets build compiles one worker with
 * this placeholder; the site build (plugins/storefront-pages/post-build/service-workers.ts) writes
 * /{prefix}/service-worker.js for each storefront with the placeholder replaced by that storefront's config.
 */
export interface ServiceWorkerConfig {
  /** The storefront's folder and the worker's scope, e.g. '/id/'. */
  scope: string;
  /** The storefront's offline page, precached and shown when a navigation cannot be answered, e.g. '/id/offline/'. */
  offlinePage: string;
  /** The storefront's own precache entries beside the islands: the offline page and the files it shows. */
  precache: PrecacheFile[];
  /**
   * Pages that are never cached nor answered from a cache, as path prefixes relative to the scope ('cart/',
   * 'user/'): cart, checkout, payment, the user area, business checkout and every other page whose content is a
   * shopper's own. They hold in the apps' webviews too ('/id/app/cart/').
   */
  privatePrefixes: string[];
}

export interface PrecacheFile {
  url: string;
  /** A hash of the file's content: a new one makes installed workers fetch the file again. */
  revision: string;
}

/** The string literal the build replaces with the storefront's config, as a JSON string. */
export const CONFIG_PLACEHOLDER = '__STOREFRONT_SERVICE_WORKER_CONFIG__';
