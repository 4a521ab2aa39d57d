/** The purchase screens' own layout; colours and type come from the site's custom properties. */
export const CHECKOUT_CSS =
  `
.checkout,.card-payment,.pay-order,.payment-result,.payment-details,.address-book,.order-list{display:` +
  `grid;gap:1.25rem;max-inline-size:48rem}
.checkout__section,.card-payment fieldset,.pay-order fieldset{border:1px solid ` +
  `var(--color-line,#e0e0e0);border-radius:var(--radius,8px);padding:1rem;display:grid;gap:.75rem}
.checkout__section legend,.card-payment legend,.pay-order legend{font-weight:700;padding-inline:.25rem}
.choice{display:flex;gap:.5rem;align-items:flex-start;min-block-size:44px}
.field{display:grid;gap:.25rem}
.field input,.field select{min-block-size:44px;padding:.5rem .75rem;border:1px solid ` +
  `var(--color-line,#bdbdbd);border-radius:var(--radius,8px)}
.field input[aria-invalid=true],.field select[aria-invalid=true]{border-color:#c62828}
.field__error,.form-message,.checkout__blocked{color:#c62828}
.field--check{display:flex;gap:.5rem;align-items:center}
.form-actions{display:flex;gap:.5rem;flex-wrap:wrap}
.order-lines{list-style:none;padding:0;margin:0;display:grid;gap:.75rem}
.order-line{display:grid;grid-template-columns:64px 1fr auto auto;gap:.75rem;align-items:center}
.order-line.is-blocked{outline:2px solid #c62828;outline-offset:4px;border-radius:4px}
.order-line__problem{grid-column:2/-1;color:#c62828}
.order-amounts{display:grid;grid-template-columns:1fr auto;gap:.25rem 1rem;margin:0}
.order-amounts dd{margin:0;text-align:end}
.order-amounts__total{font-weight:700;font-size:1rem}
.checkout__unpaid{padding:.75rem 1rem;border-radius:var(--radius,8px);background:#fff3e0}
.payment-details dl,.bank-transfer{display:grid;grid-template-columns:auto 1fr;gap:.25rem 1rem}
.order-table{inline-size:100%;border-collapse:collapse}
.order-table th,.order-table td{padding:.5rem;border-block-end:1px solid var(--color-line,#e0e0e0);text-align:start}
`;
