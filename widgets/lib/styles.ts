/** Adds a widget's stylesheet once per page; the site CSS (src/styles) knows only the server fallbacks. */
export function adoptStyles(id: string, css: string): void {
  if (document.querySelector(`style[data-widget-styles="${id}"]`)) return;
  const style = document.createElement('style');
  style.dataset.widgetStyles = id;
  style.textContent = css;
  document.head.appendChild(style);
}

/** Shared look of dialogs (lib/modal.tsx), using the site's custom properties when present. */
export const MODAL_CSS =
  `
.store-modal{border:0;border-radius:var(--radius,8px);padding:0;max-inline-size:min(560px,calc(100vw - ` +
  `2rem));box-shadow:0 12px 32px rgb(0 0 0/25%);transition:opacity .2s,transform .2s}
.store-modal[data-closing]{opacity:0;transform:translateY(8px)}
.store-modal::backdrop{background:rgb(0 0 0/45%)}
.store-modal__header{display:flex;align-items:center;justify-content:space-between;gap:1rem;padding:1rem ` +
  `1.25rem;border-block-end:1px solid var(--color-line,#e0e0e0)}
.store-modal__title{margin:0;font-size:1rem}
.store-modal__close{border:0;background:none;font-size:1.5rem;line-height:1;cursor:pointer;min-inline-` +
  `size:44px;min-block-size:44px}
.store-modal__body{padding:1rem 1.25rem}
.store-modal__body button,.consent-banner button{min-block-size:44px;padding:.5rem ` +
  `1rem;border-radius:var(--radius,8px);border:1px solid ` +
  `var(--color-text,#1a1a1a);background:#fff;color:var(--color-text,#1a1a1a);cursor:pointer;margin-inline-` +
  `end:.5rem}
.store-modal__body button[type=submit],.consent-banner button:first-child,.store-modal__actions ` +
  `button:first-child{background:var(--color-brand-dark,#c24e00);border-color:var(--color-brand-dark,#c24e00)` +
  `;color:#fff}
`;
