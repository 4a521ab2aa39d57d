import { useComputed, useSignal } from '@preact/signals';
import { camel, t } from '../lib/strings';
import { adoptStyles } from '../lib/styles';
import { money } from '../lib/money';
import { SUPPORT_CSS, dateTime } from '../lib/support-parts';
import { useSubmit } from '../lib/use-submit';
import type { StaffPaneProps } from './staff-api';
import { ordersApi, type FulfilmentOrder, type StaffOrderRow } from './orders-api';
import { ShipForm } from './orders-ship-form';
import { ORDER_STATES, type OrderState } from '../../server/schemas/order';

type Strings = Record<string, string> | undefined;

const CSS = `
.staff-orders table{border-collapse:collapse;margin:.5rem 0}
.staff-orders th,.staff-orders td{border-bottom:1px solid #ddd;padding:.25rem .5rem;text-align:start}
.staff-orders input[type=number]{width:5rem}
.staff-orders fieldset{border:1px solid #ccc;margin:.75rem 0;padding:.5rem .75rem}
`;

/** The search form: an order number or the buyer's email (or its beginning), and a state. */
function SearchForm({
  s,
  busy,
  onSearch,
}: {
  s: Strings;
  busy: boolean;
  onSearch: (q: string, state: string) => void;
}) {
  const q = useSignal('');
  const state = useSignal('');
  return (
    <form
      role="search"
      data-testid="staff-orders-search"
      onSubmit={(e) => {
        e.preventDefault();
        onSearch(q.value.trim(), state.value);
      }}
    >
      <label for="staff-orders-q">{t(s, 'console.orders.query')}</label>
      <input
        id="staff-orders-q"
        name="q"
        autoComplete="off"
        maxLength={200}
        value={q.value}
        onInput={(e) => (q.value = e.currentTarget.value)}
      />
      <label for="staff-orders-state">{t(s, 'console.orders.state')}</label>
      <select
        id="staff-orders-state"
        name="state"
        value={state.value}
        onChange={(e) => (state.value = e.currentTarget.value)}
      >
        <option value="">{t(s, 'console.orders.allStates')}</option>
        {ORDER_STATES.map((st) => (
          <option key={st} value={st}>
            {t(s, `order.state.${camel(st)}`)}
          </option>
        ))}
      </select>
      <button type="submit" disabled={busy}>
        {t(s, 'console.orders.search')}
      </button>
    </form>
  );
}

/** The search results: one row per order with a button that opens it. */
function Results({ s, rows, onOpen }: { s: Strings; rows: StaffOrderRow[]; onOpen: (id: string) => void }) {
  if (rows.length === 0) return <p data-testid="staff-orders-none">{t(s, 'console.orders.none')}</p>;
  return (
    <table data-testid="staff-orders-results">
      <caption>{t(s, 'console.orders.results')}</caption>
      <thead>
        <tr>
          <th scope="col">{t(s, 'console.orders.number')}</th>
          <th scope="col">{t(s, 'console.orders.placed')}</th>
          <th scope="col">{t(s, 'console.orders.buyer')}</th>
          <th scope="col">{t(s, 'console.orders.state')}</th>
          <th scope="col">{t(s, 'console.orders.total')}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.id}>
            <td>
              <button type="button" class="link" onClick={() => onOpen(r.id)}>
                {t(s, 'console.orders.open', { id: r.id })}
              </button>
            </td>
            <td>{dateTime(r.createdAt)}</td>
            <td>{r.email}</td>
            <td>{t(s, `order.state.${camel(r.state)}`)}</td>
            <td>{money(r.total, r.exponent)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** An opened order: its lines, parcels (each deliverable once), steps, and the actions its state allows. */
function OrderCard({
  s,
  o,
  busy,
  act,
}: {
  s: Strings;
  o: FulfilmentOrder;
  busy: boolean;
  act: (action: () => Promise<FulfilmentOrder>, done: string) => void;
}) {
  const calls = ordersApi();
  const id = o.order.id;
  return (
    <article
      class="support-desk__card"
      data-testid="staff-orders-order"
      data-state={o.order.state}
      aria-labelledby="staff-orders-title"
    >
      <h3 id="staff-orders-title">{t(s, 'console.orders.order', { id })}</h3>
      <dl>
        <dt>{t(s, 'console.orders.buyer')}</dt>
        <dd>{o.order.email}</dd>
        <dt>{t(s, 'console.orders.state')}</dt>
        <dd data-testid="staff-orders-state">{t(s, `order.state.${camel(o.order.state)}`)}</dd>
        <dt>{t(s, 'console.orders.address')}</dt>
        <dd>{Object.values(o.address).filter(Boolean).join(', ')}</dd>
      </dl>
      {o.order.state === 'paid' ? (
        <p>
          <button
            type="button"
            disabled={busy}
            onClick={() => act(() => calls.startProcessing(id), t(s, 'console.orders.processingStarted', { id }))}
          >
            {t(s, 'console.orders.startProcessing')}
          </button>
        </p>
      ) : null}
      <table>
        <caption>{t(s, 'console.orders.lines')}</caption>
        <thead>
          <tr>
            <th scope="col">{t(s, 'console.orders.product')}</th>
            <th scope="col">{t(s, 'console.orders.ordered')}</th>
            <th scope="col">{t(s, 'console.orders.shipped')}</th>
          </tr>
        </thead>
        <tbody>
          {o.lines.map((l) => (
            <tr key={l.lineNo}>
              <td>
                {l.name} {l.spec}
              </td>
              <td>{l.quantity}</td>
              <td>{l.shipped}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <ShipForm
        key={`${id}-${o.shipments.length}`}
        s={s}
        o={o}
        busy={busy}
        onShip={(body) => act(() => calls.ship({ orderId: id, ...body }), t(s, 'console.orders.shippedNotice', { id }))}
      />
      {o.shipments.length > 0 ? (
        <table data-testid="staff-orders-shipments">
          <caption>{t(s, 'console.orders.parcels')}</caption>
          <thead>
            <tr>
              <th scope="col">{t(s, 'console.orders.reference')}</th>
              <th scope="col">{t(s, 'console.orders.carrier')}</th>
              <th scope="col">{t(s, 'console.orders.trackingNumber')}</th>
              <th scope="col">{t(s, 'console.orders.contents')}</th>
              <th scope="col">{t(s, 'console.orders.delivered')}</th>
            </tr>
          </thead>
          <tbody>
            {o.shipments.map((p) => (
              <tr key={p.id}>
                <td>{p.reference}</td>
                <td>{p.carrierName}</td>
                <td>
                  {p.trackingLink ? (
                    <a href={p.trackingLink} target="_blank" rel="noopener noreferrer">
                      {p.trackingNumber}
                    </a>
                  ) : (
                    p.trackingNumber
                  )}
                </td>
                <td>{p.lines.map((l) => `${l.quantity} × ${l.name}`).join('; ')}</td>
                <td>
                  {p.deliveredAt ? (
                    dateTime(p.deliveredAt)
                  ) : (
                    <button
                      type="button"
                      disabled={busy}
                      onClick={() =>
                        act(
                          () => calls.delivered({ orderId: id, shipmentId: p.id }),
                          t(s, 'console.orders.deliveredNotice', { id: p.reference }),
                        )
                      }
                    >
                      {t(s, 'console.orders.markDelivered', { id: p.reference })}
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      <h4>{t(s, 'console.orders.history')}</h4>
      <ol>
        {o.timeline.map((e) => (
          <li key={`${e.kind}-${e.at}-${e.actor}`}>
            {dateTime(e.at)} · {t(s, `order.timeline.step.${camel(e.kind)}`)} · {e.actor}
          </li>
        ))}
      </ol>
    </article>
  );
}

/**
 * The staff console's Orders tab, for fulfilment: find the storefront country's orders by number or buyer email and
 * state, open one, start processing it, ship chosen units of its lines with a carrier and tracking number, and mark
 * parcels delivered. After each action the server's answer (the order as recorded) replaces what is shown.
 * @example <OrdersPane strings={props.strings} />
 */
export function OrdersPane({ strings: s, api }: StaffPaneProps) {
  adoptStyles('support-desk', SUPPORT_CSS);
  adoptStyles('staff-orders', CSS);
  const calls = ordersApi(api ?? undefined);
  const rows = useSignal<StaffOrderRow[] | null>(null);
  const shown = useSignal<FulfilmentOrder | null>(null);
  const error = useSignal('');
  const notice = useSignal<string | null>(null);
  const search = useSubmit(
    (q: string, state: string) => calls.search({ q, state: (state || undefined) as OrderState | undefined }),
    {
      strings: s,
      error,
      onSuccess: (r) => (rows.value = r),
    },
  );
  const open = useSubmit((id: string) => calls.open(id), { strings: s, error, onSuccess: (o) => (shown.value = o) });
  const acting = useSubmit((action: () => Promise<FulfilmentOrder>, _done: string) => action(), {
    strings: s,
    error,
    onSuccess: (o) => (shown.value = o),
  });
  const busy = useComputed(() => search.busy.value || open.busy.value || acting.busy.value);

  async function act(action: () => Promise<FulfilmentOrder>, done: string) {
    notice.value = null;
    error.value = '';
    if (await acting.run(action, done)) notice.value = done;
    else if (shown.value) await open.run(shown.value.order.id);
  }

  return (
    <section class="support-desk staff-orders" data-testid="staff-orders" aria-labelledby="staff-orders-heading">
      <h2 id="staff-orders-heading">{t(s, 'console.orders.title')}</h2>
      <SearchForm
        s={s}
        busy={busy.value}
        onSearch={(q, state) => {
          notice.value = null;
          shown.value = null;
          void search.run(q, state);
        }}
      />
      {error.value ? (
        <p role="alert" data-testid="staff-orders-error">
          {error.value}
        </p>
      ) : null}
      <p role="status" data-testid="staff-orders-notice">
        {notice.value ?? ''}
      </p>
      {rows.value ? <Results s={s} rows={rows.value} onOpen={(id) => void open.run(id)} /> : null}
      {shown.value ? <OrderCard s={s} o={shown.value} busy={busy.value} act={(a, d) => void act(a, d)} /> : null}
    </section>
  );
}
