/**
 * When the app banner acts, kept out of the page's first seconds: it asks for the banner after the page loaded
 * and the browser idled, and shows it at the shopper's first scroll, touch, click or key. Largest Contentful Paint
 * stops counting at the first input, so the banner can never become a page's LCP element, and a speed test, which
 * does not use the page, never sees it.
 */

/** How long an iOS page waits for its app to open before it goes to the App Store instead. */
export const APP_OPEN_WAIT_MS = 1500;

/** Resolves after the window's load event and an idle moment (2 s at most), or never when `signal` aborts. */
export function afterLoadAndIdle(signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const idle = () => {
      if (signal.aborted) return;
      if ('requestIdleCallback' in window) window.requestIdleCallback(() => resolve(), { timeout: 2000 });
      else setTimeout(resolve, 200);
    };
    if (document.readyState === 'complete') idle();
    else window.addEventListener('load', idle, { once: true, signal });
  });
}

const INTERACTIONS = ['scroll', 'pointerdown', 'keydown', 'touchstart'] as const;

/** Resolves at the shopper's first scroll, touch, click or key (at once if the page is already scrolled). */
export function firstInteraction(signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (window.scrollY > 0) return resolve();
    const done = new AbortController();
    signal.addEventListener('abort', () => done.abort(), { once: true });
    const go = () => {
      done.abort();
      resolve();
    };
    for (const type of INTERACTIONS) window.addEventListener(type, go, { passive: true, signal: done.signal });
  });
}

/**
 * Opens an iOS link of the app's own scheme, and the App Store page when the page is still in front a moment later:
 * Safari cannot tell whether the app opened, but when it did the page went to the background.
 */
export function openAppOrStore(appLink: string, storePage: string): void {
  let left = false;
  const leave = () => (left = true);
  document.addEventListener('visibilitychange', () => document.hidden && leave(), { once: true });
  window.addEventListener('pagehide', leave, { once: true });
  location.href = appLink;
  setTimeout(() => {
    if (!left && !document.hidden) location.href = storePage;
  }, APP_OPEN_WAIT_MS);
}
