import { request } from '../request';
import { site } from '../state/site';
import type { Camelized } from '../request/camelized';
import type { DocumentListView } from '../../server/schemas/invoices';
import type { PriceDisplay } from '../../region-config/price-display.schema';
import { useResource } from '../lib/use-resource';
import { t } from '../lib/strings';
import { when } from '../lib/when';
import { money } from '../lib/money';

type Strings = Record<string, string> | undefined;
type Documents = Camelized<DocumentListView>['documents'];

const documentsOf = (orderId: string) =>
  request<Camelized<DocumentListView>>(`${site.value.api}/order/documents`, {
    redirectOnNotLoggedIn: true,
    params: { orderId },
  }).then((r) => r.documents);

/** The PDF's address: a plain link, so the browser downloads it (the answer is an attachment). */
const pdfHref = (id: string) => `${site.value.api}/order/document?id=${encodeURIComponent(id)}`;

/**
 * /user/order/{id}: the order's invoices and credit notes, each with its date, amount and a link to its PDF; until the
 * invoice is issued, a line saying it will appear here.
 */
export function InvoiceLinks({
  orderId,
  strings: s,
  display,
  exponent,
}: {
  orderId: string;
  strings: Strings;
  display: PriceDisplay | undefined;
  exponent: number;
}) {
  const docs = useResource<Documents>(() => documentsOf(orderId), { strings: s }, [orderId]);
  const list = docs.data.value;
  if (!list) return docs.error.value ? <p>{docs.error.value}</p> : null;
  return (
    <section class="invoices" aria-labelledby="order-invoices" data-testid="order-invoices">
      <h3 id="order-invoices">{t(s, 'invoice.list')}</h3>
      {list.length === 0 ? (
        <p>{t(s, 'invoice.pending')}</p>
      ) : (
        <ul>
          {list.map((d) => (
            <li key={d.id} data-kind={d.kind}>
              {d.kind === 'credit_note' ? t(s, 'invoice.title.creditNote') : t(s, 'invoice.title.invoice')} {d.number}
              {' · '}
              {when(d.issuedAt)} · {money(d.total, exponent, display)} ·{' '}
              <a href={pdfHref(d.id)} download={`${d.number}.pdf`}>
                {t(s, 'invoice.download')}
              </a>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
