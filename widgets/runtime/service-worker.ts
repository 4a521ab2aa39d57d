import { reportError } from '../request';
import type { Shell } from '../service-worker/config';
import { site } from '../state/site';

/**
 * The storefront's worker and its scope: /{prefix}/service-worker.js controls /{prefix}/ and nothing else. The apps'
 * webviews name their shell, so their worker precaches the app variant of the offline page instead of the web one.
 */
export function serviceWorkerUrl(urlLocal: string, app: Shell): { script: string; scope: string } {
  const scope = `/${urlLocal}/`;
  return { script: `${scope}service-worker.js${app === 'web' ? '' : `?shell=${app}`}`, scope };
}

/**
 * Registers the storefront's service worker once the page has loaded, so its precaching never competes with the
 * page's own requests. `updateViaCache: 'none'` makes every update check reach the server: a new build is found
 * on the next navigation, and the worker takes over at once (see widgets/service-worker/sw.ts).
 */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator) || !window.isSecureContext) return;
  const { urlLocal, app } = site.value;
  const { script, scope } = serviceWorkerUrl(urlLocal, app);
  if (!urlLocal || !location.pathname.startsWith(scope)) return;
  const register = () => {
    navigator.serviceWorker.register(script, { scope, updateViaCache: 'none' }).catch((e: unknown) => {
      reportError('warning', `service worker registration failed: ${e instanceof Error ? e.message : String(e)}`, {
        script,
      });
    });
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
