/**
 * The storefront service worker, served at /{prefix}/service-worker.js and scoped to /{prefix}/.
 * Built once by the widgets build (workbox-webpack-plugin's InjectManifest puts the islands' precache list at
 * `self.__WB_MANIFEST` and bundles Workbox in, so nothing loads from a CDN), then written per storefront with the
 * storefront's config in place of the placeholder. The rules are in policies.ts.
 */
import { clientsClaim, setCacheNameDetails } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import * as navigationPreload from 'workbox-navigation-preload';
import {
  cleanupOutdatedCaches,
  precacheAndRoute,
  PrecacheFallbackPlugin,
  type PrecacheEntry,
} from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { NetworkFirst, NetworkOnly, StaleWhileRevalidate } from 'workbox-strategies';
import type { WorkboxPlugin } from 'workbox-core/types';
import { CONFIG_PLACEHOLDER, shellOfWorker, type ServiceWorkerConfig } from './config';
import { isStorable, outdatedCaches, policyFor, runtimeCacheNames, type RequestPolicy } from './policies';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (string | PrecacheEntry)[] };

const config = JSON.parse(CONFIG_PLACEHOLDER) as ServiceWorkerConfig;
// The apps' webviews get the offline page without the site header and footer, and the web gets the web one.
const offline = config.offline[shellOfWorker(self.location.search)];
const cacheNames = runtimeCacheNames(self.registration.scope);

// Every cache of this worker starts with 'store-' and ends with its scope, so each storefront cleans only its own.
setCacheNameDetails({ prefix: 'store' });

// A new build takes over at once: pages are network-first and the islands are content-hashed, so an open page
// never needs the old worker; waiting for every tab to close would keep shoppers on the old build for days.
void self.skipWaiting();
clientsClaim();
cleanupOutdatedCaches();
self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(
          outdatedCaches(names, self.registration.scope, Object.values(cacheNames)).map((name) => caches.delete(name)),
        ),
      ),
  );
});

// The islands (from webpack) and this storefront's offline page with the files it shows (from the site build).
precacheAndRoute([...self.__WB_MANIFEST, ...offline.files]);

// Navigation preload starts the page request while the worker boots, so network-first costs no extra round trip.
navigationPreload.enable();

/** Refuses to store anything the server marked personal or unstorable, and anything but a whole 200. */
const storableOnly: WorkboxPlugin = {
  cacheWillUpdate: async ({ response }) => (isStorable(response) ? response : null),
};
const offlinePage = new PrecacheFallbackPlugin({ fallbackURL: offline.url });

const matches =
  (policy: RequestPolicy) =>
  ({ request, url }: { request: Request; url: URL }) =>
    policyFor(
      { url, method: request.method, mode: request.mode, destination: request.destination },
      self.location.origin,
      config,
    ) === policy;

registerRoute(matches('private-page'), new NetworkOnly({ plugins: [offlinePage] }));

registerRoute(
  matches('page'),
  new NetworkFirst({
    cacheName: cacheNames.pages,
    networkTimeoutSeconds: 3,
    plugins: [
      storableOnly,
      new ExpirationPlugin({ maxEntries: 60, maxAgeSeconds: 7 * 24 * 3600, purgeOnQuotaError: true }),
      offlinePage,
    ],
  }),
);

registerRoute(
  matches('image'),
  new StaleWhileRevalidate({
    cacheName: cacheNames.images,
    plugins: [
      storableOnly,
      new ExpirationPlugin({ maxEntries: 200, maxAgeSeconds: 30 * 24 * 3600, purgeOnQuotaError: true }),
    ],
  }),
);
