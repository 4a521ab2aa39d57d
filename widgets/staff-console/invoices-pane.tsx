import { useSignal } from '@preact/signals';
import { request } from '../request';
import { site } from '../state/site';
import type { Camelized } from '../request/camelized';
import type { DocumentListView, StaffDocumentsQuery } from '../../server/schemas/invoices';
import { t } from '../lib/strings';
import { useResource } from '../lib/use-resource';
import { when } from '../lib/when';

type Strings = Record<string, string> | undefined;
type Filter = Pick<StaffDocumentsQuery, 'country' | 'from' | 'to' | 'number' | 'kind'>;

const list = (filter: Filter) =>
  request<Camelized<DocumentListView>>(`${site.value.api}/staff/documents`, {
    params: Object.fromEntries(Object.entries(filter).filter(([, v]) => v)) as Record<string, string>,
  }).then((r) => r.documents);

/** A document's PDF: a plain link, the answer is an attachment. */
const pdfHref = (id: string) => `${site.value.api}/staff/document?id=${encodeURIComponent(id)}`;

/** Minor units as a plain decimal in the document's currency (staff read many countries at once). */
const amount = (minor: number, currency: string) => {
  const digits = new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits;
  return `${(minor / 10 ** (digits ?? 2)).toFixed(digits ?? 2)} ${currency}`;
};

/**
 * Invoices and credit notes for staff: by country, issue dates and number (a prefix such as DE-2026-), newest first,
 * each with its PDF.
 */
export function InvoicesPane({ strings: s }: { strings: Strings }) {
  const draft = useSignal<Filter>({});
  const filter = useSignal<Filter>({});
  const message = useSignal('');
  const docs = useResource(() => list(filter.value), { strings: s, error: message }, [filter.value]);
  const field = (key: keyof Filter, label: string, type = 'text') => (
    <label>
      {label}
      <input
        type={type}
        value={draft.value[key] ?? ''}
        onInput={(e) => (draft.value = { ...draft.value, [key]: (e.target as HTMLInputElement).value.trim() })}
      />
    </label>
  );
  return (
    <div class="console-pane" data-testid="console-invoices">
      <form
        class="form-actions"
        onSubmit={(e) => {
          e.preventDefault();
          filter.value = { ...draft.value };
        }}
      >
        {field('country', t(s, 'console.invoices.country'))}
        {field('from', t(s, 'console.invoices.from'), 'date')}
        {field('to', t(s, 'console.invoices.to'), 'date')}
        {field('number', t(s, 'console.invoices.number'))}
        <label>
          {t(s, 'console.invoices.kind')}
          <select
            value={draft.value.kind ?? ''}
            onChange={(e) => {
              const kind = (e.target as HTMLSelectElement).value as Filter['kind'] | '';
              draft.value = { ...draft.value, kind: kind || undefined };
            }}
          >
            <option value="">{t(s, 'console.invoices.kindAll')}</option>
            <option value="invoice">{t(s, 'console.invoices.kind.invoice')}</option>
            <option value="credit_note">{t(s, 'console.invoices.kind.creditNote')}</option>
          </select>
        </label>
        <button type="submit" class="button">
          {t(s, 'console.invoices.search')}
        </button>
      </form>
      {message.value ? <p role="alert">{message.value}</p> : null}
      {!docs.data.value ? null : docs.data.value.length === 0 ? (
        <p>{t(s, 'console.invoices.none')}</p>
      ) : (
        <table>
          <thead>
            <tr>
              <th scope="col">{t(s, 'console.invoices.number')}</th>
              <th scope="col">{t(s, 'console.invoices.kind')}</th>
              <th scope="col">{t(s, 'console.invoices.issued')}</th>
              <th scope="col">{t(s, 'console.invoices.order')}</th>
              <th scope="col">{t(s, 'console.invoices.total')}</th>
              <th scope="col">{t(s, 'console.invoices.download')}</th>
            </tr>
          </thead>
          <tbody>
            {docs.data.value.map((d) => (
              <tr key={d.id}>
                <td>{d.number}</td>
                <td>
                  {d.kind === 'credit_note'
                    ? t(s, 'console.invoices.kind.creditNote')
                    : t(s, 'console.invoices.kind.invoice')}
                </td>
                <td>{when(d.issuedAt)}</td>
                <td>{d.orderId}</td>
                <td>{amount(d.total, d.currency)}</td>
                <td>
                  <a href={pdfHref(d.id)} download={`${d.number}.pdf`}>
                    {t(s, 'console.invoices.download')}
                  </a>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
