import { TOAST_TRANSITION_MS, toastDuration } from './toast-duration';

let region: HTMLElement | null = null;

/** One polite live region for all toasts, so screen readers announce each message once. */
function liveRegion(): HTMLElement {
  if (region?.isConnected) return region;
  region = document.createElement('div');
  region.className = 'store-toasts';
  region.setAttribute('role', 'status');
  region.setAttribute('aria-live', 'polite');
  region.style.cssText =
    'position:fixed;left:50%;bottom:24px;transform:translateX(-50%);z-index:2147483000;display:flex;flex-' +
    'direction:column;gap:8px;pointer-events:none';
  document.body.appendChild(region);
  return region;
}

/** Shows a toast, hides it after toastDuration(message, durationMs); resolves when it is gone. */
export function showToast(message: string, durationMs?: number): Promise<void> {
  const el = document.createElement('div');
  el.className = 'store-toast';
  el.textContent = message;
  el.style.cssText =
    `background:rgba(0,0,0,.85);color:#fff;padding:10px 16px;border-radius:4px;font-size:.875rem;max-width:` +
    `80vw;opacity:0;transition:opacity ${TOAST_TRANSITION_MS}ms`;
  liveRegion().appendChild(el);
  requestAnimationFrame(() => (el.style.opacity = '1'));
  return new Promise((resolve) => {
    setTimeout(
      () => {
        el.style.opacity = '0';
        setTimeout(() => {
          el.remove();
          resolve();
        }, TOAST_TRANSITION_MS);
      },
      toastDuration(message, durationMs),
    );
  });
}
