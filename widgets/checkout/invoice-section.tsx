import { t } from '../lib/strings';
import type { SectionProps } from './checkout-state';

/** The invoice field errors the server names (checkout.invoiceError.* in the catalogue); another reads as `format`. */
const INVOICE_ERRORS = ['required', 'format', 'state', 'unavailable'] as const;
const invoiceErrorKey = (error: string) => {
  const known = (INVOICE_ERRORS as readonly string[]).includes(error);
  return `checkout.invoiceError.${known ? (error as (typeof INVOICE_ERRORS)[number]) : 'format'}` as const;
};

function InvoiceField({
  c,
  s,
  name,
  label,
}: Pick<SectionProps, 'c' | 's'> & { name: 'companyName' | 'taxId' | 'fiscalId'; label: string }) {
  const error = c.errors.value[name];
  return (
    <div class="field">
      <label for={`invoice-${name}`}>{label} *</label>
      <input
        id={`invoice-${name}`}
        name={name}
        required
        value={c.invoice.value[name]}
        aria-invalid={error ? 'true' : undefined}
        aria-describedby={error ? `invoice-${name}-error` : undefined}
        onInput={(ev) => (c.invoice.value = { ...c.invoice.value, [name]: (ev.target as HTMLInputElement).value })}
      />
      {error ? (
        <small id={`invoice-${name}-error`} class="field__error">
          {t(s, invoiceErrorKey(error))}
        </small>
      ) : null}
    </div>
  );
}

/**
 * A company invoice where the country has them (always for a company purchase), and the fiscal id from an amount on.
 */
export function InvoiceSection({ c, q, s }: Omit<SectionProps, 'display'>) {
  const needsFiscalId = c.needsFiscalId(q);
  if (!q.invoice.company && !needsFiscalId) return null;
  return (
    <fieldset class="checkout__section">
      <legend>{t(s, 'checkout.invoice')}</legend>
      {q.invoice.company && !q.business ? (
        <>
          <label class="choice">
            <input
              type="radio"
              name="invoiceType"
              value="personal"
              checked={c.invoiceType.value === 'personal'}
              onChange={() => (c.invoiceType.value = 'personal')}
            />
            {t(s, 'checkout.invoice.personal')}
          </label>
          <label class="choice">
            <input
              type="radio"
              name="invoiceType"
              value="company"
              checked={c.invoiceType.value === 'company'}
              onChange={() => (c.invoiceType.value = 'company')}
            />
            {t(s, 'checkout.invoice.company')}
          </label>
        </>
      ) : null}
      {c.invoiceType.value === 'company' ? (
        <>
          <InvoiceField c={c} s={s} name="companyName" label={t(s, 'checkout.invoice.companyName')} />
          <InvoiceField c={c} s={s} name="taxId" label={q.invoice.taxIdLabel ?? t(s, 'checkout.invoice.taxId')} />
        </>
      ) : null}
      {needsFiscalId ? <InvoiceField c={c} s={s} name="fiscalId" label={t(s, 'checkout.invoice.fiscalId')} /> : null}
      <p class="checkout__hint">{t(s, 'checkout.invoice.final')}</p>
    </fieldset>
  );
}
