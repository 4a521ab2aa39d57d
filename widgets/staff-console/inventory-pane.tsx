import { useSignal } from '@preact/signals';
import { useEffect, useRef } from 'preact/hooks';
import { t } from '../lib/strings';
import { adoptStyles } from '../lib/styles';
import { site } from '../state/site';
import { dateTime, SUPPORT_CSS, type Strings } from '../lib/support-parts';
import { useSubmit } from '../lib/use-submit';
import {
  inventoryApi,
  type InventoryApi,
  type InventoryOffer,
  type StockMovement,
  type StockReason,
} from './inventory-api';
import type { StaffPaneProps } from './staff-api';

const INVENTORY_CSS =
  `
.staff-inventory table{border-collapse:collapse;inline-size:100%}
.staff-inventory th,.staff-inventory td{text-align:start;padding:.375rem .5rem;border-block-end:1px solid ` +
  `var(--color-line,#e0e0e0);vertical-align:top}
.staff-inventory__scroll{overflow-x:auto}
.staff-inventory__off{color:#c62828}
.staff-inventory__offer{display:grid;gap:1rem;padding:1rem;border:1px solid ` +
  `var(--color-line,#e0e0e0);border-radius:var(--radius,8px)}
.staff-inventory fieldset{display:flex;flex-wrap:wrap;gap:1rem;border:0;padding:0;margin:0}
.staff-inventory fieldset label{display:inline-flex;align-items:center;gap:.375rem;font-weight:400}
.staff-inventory button[aria-disabled=true]{opacity:.6;cursor:progress}
`;

/** Ledger reasons to catalogue keys (keys have no spaces). */
const REASON_KEY = {
  'snapshot start': 'console.inventory.reason.snapshotStart',
  sale: 'console.inventory.reason.sale',
  cancellation: 'console.inventory.reason.cancellation',
  set: 'console.inventory.reason.set',
  adjustment: 'console.inventory.reason.adjustment',
  return: 'console.inventory.reason.return',
} as const satisfies Record<StockReason, string>;

const COUNTRY = /^[a-z]{2}$/;
const signed = (n: number) => (n > 0 ? `+${n}` : String(n));

/** The latest ledger rows of an offer: when, why, by how much, the stock it left, who, and the note or order. */
function Movements({ s, rows }: { s: Strings; rows: readonly StockMovement[] }) {
  if (rows.length === 0) return null;
  return (
    <div class="staff-inventory__scroll" tabIndex={0} role="region" aria-labelledby="staff-inventory-movements">
      <table data-testid="staff-inventory-movements">
        <caption id="staff-inventory-movements">{t(s, 'console.inventory.movements')}</caption>
        <thead>
          <tr>
            <th scope="col">{t(s, 'console.inventory.col.when')}</th>
            <th scope="col">{t(s, 'console.inventory.col.reason')}</th>
            <th scope="col">{t(s, 'console.inventory.col.delta')}</th>
            <th scope="col">{t(s, 'console.inventory.col.after')}</th>
            <th scope="col">{t(s, 'console.inventory.col.by')}</th>
            <th scope="col">{t(s, 'console.inventory.col.note')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((m) => (
            <tr key={m.id} data-reason={m.reason}>
              <td>{dateTime(m.createdAt)}</td>
              <td>{t(s, REASON_KEY[m.reason] ?? REASON_KEY.adjustment)}</td>
              <td>{signed(m.delta)}</td>
              <td>{m.stockAfter ?? '—'}</td>
              <td>{m.actor ?? t(s, 'console.inventory.byStore')}</td>
              <td>
                {m.note ?? (m.orderId ? t(s, 'console.inventory.order', { id: m.orderId }) : (m.reference ?? ''))}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * One offer opened for a change: its live stock, its latest movements, and a form that sets a counted value or adds
 * or removes units, with a required note. The change names the stock shown here; when someone else moved it
 * meanwhile the server refuses, the pane says so and shows the stock as it is now.
 */
function OfferEditor({
  s,
  calls,
  offer,
  onChanged,
}: {
  s: Strings;
  calls: InventoryApi;
  offer: InventoryOffer;
  onChanged: (offer: InventoryOffer | null, message: string | null, isError: boolean) => Promise<void>;
}) {
  const mode = useSignal<'set' | 'adjust'>('adjust');
  const amount = useSignal('');
  const note = useSignal('');
  const problem = useSignal<string | null>(null);
  const saving = useSubmit((change: Parameters<InventoryApi['change']>[1]) => calls.change(offer, change), {
    strings: s,
    onSuccess: async (after) => {
      amount.value = '';
      note.value = '';
      await onChanged(after, t(s, 'console.inventory.saved', { name: offer.name, stock: after.stock }), false);
    },
    // Refused (most often someone else's change or a sale came first, errno 30101): the message names the stock
    // now, and the offer is read again so the next change starts from it.
    onFailure: (f) => onChanged(null, f.message, true),
  });
  const busy = saving.busy;

  const heading = useRef<HTMLHeadingElement>(null);
  // Opened from a row of the table above: the focus comes here, so a keyboard user does not tab through every
  // later row to reach the form.
  useEffect(() => heading.current?.focus(), []);

  async function submit(e: Event) {
    e.preventDefault();
    if (busy.value) return;
    const value = Number(amount.value.trim());
    if (amount.value.trim() === '' || !Number.isInteger(value) || (mode.value === 'set' ? value < 0 : value === 0)) {
      problem.value = t(s, mode.value === 'set' ? 'console.inventory.error.stock' : 'console.inventory.error.delta');
      return;
    }
    if (!note.value.trim()) {
      problem.value = t(s, 'console.inventory.error.note');
      return;
    }
    problem.value = null;
    await saving.run(
      mode.value === 'set'
        ? { kind: 'set', stock: value, note: note.value }
        : { kind: 'adjust', delta: value, note: note.value },
    );
  }

  return (
    <div class="staff-inventory__offer" data-testid="staff-inventory-offer" data-commodity={offer.commodityId}>
      <h3 ref={heading} tabIndex={-1}>
        {offer.name} {offer.spec ? `· ${offer.spec}` : ''}
      </h3>
      <p>
        {t(s, 'console.inventory.liveStock', { stock: offer.stock })}
        {offer.onSale ? null : <span class="staff-inventory__off"> · {t(s, 'console.inventory.offSale')}</span>}
      </p>
      <form data-testid="staff-inventory-form" onSubmit={(e) => void submit(e)}>
        <fieldset>
          <legend class="visually-hidden">{t(s, 'console.inventory.change')}</legend>
          {(['adjust', 'set'] as const).map((m) => (
            <label key={m}>
              <input
                type="radio"
                name="staff-inventory-mode"
                value={m}
                checked={mode.value === m}
                onChange={() => (mode.value = m)}
              />
              {t(s, m === 'set' ? 'console.inventory.mode.set' : 'console.inventory.mode.adjust')}
            </label>
          ))}
        </fieldset>
        <label>
          {t(s, mode.value === 'set' ? 'console.inventory.newStock' : 'console.inventory.delta')}
          {/* A numeric keypad has no minus sign, and an adjustment takes units away as often as it adds them. */}
          <input
            name="amount"
            inputMode={mode.value === 'set' ? 'numeric' : 'text'}
            autoComplete="off"
            required
            value={amount.value}
            onInput={(e) => (amount.value = e.currentTarget.value)}
          />
        </label>
        <label>
          {t(s, 'console.inventory.note')}
          <textarea
            name="note"
            required
            maxLength={500}
            value={note.value}
            onInput={(e) => (note.value = e.currentTarget.value)}
          />
        </label>
        {problem.value ? <p role="alert">{problem.value}</p> : null}
        <p>
          {/* aria-disabled, not disabled: disabling the focused button drops the focus to the page, and a keyboard
              user would start over from the top after every save. */}
          <button type="submit" aria-disabled={busy.value}>
            {t(s, 'console.inventory.save')}
          </button>
        </p>
      </form>
      <Movements s={s} rows={offer.movements} />
    </div>
  );
}

/**
 * The staff console's inventory pane: offers of a country found by product name or id, with their live stock and
 * whether they are on sale; one opened shows its latest stock movements with their reasons and takes a set or an
 * adjustment with a note. After every change the offer is read again, so what is shown is what the server recorded.
 * @example <InventoryPane strings={props.strings} />
 */
export function InventoryPane({ strings: s, api }: StaffPaneProps) {
  adoptStyles('support-desk', SUPPORT_CSS);
  adoptStyles('staff-inventory', INVENTORY_CSS);
  const calls = inventoryApi(api ?? undefined);
  const country = useSignal(site.value.local);
  const query = useSignal('');
  const offers = useSignal<InventoryOffer[] | null>(null);
  const open = useSignal<string | null>(null);
  const error = useSignal('');
  const notice = useSignal<string | null>(null);
  const search = useSubmit((local: string, q: string) => calls.list({ local, q }), {
    strings: s,
    error,
    onSuccess: (r) => (offers.value = r),
  });
  const busy = search.busy;

  async function find(e?: Event) {
    e?.preventDefault();
    if (busy.value) return;
    notice.value = null;
    if (!COUNTRY.test(country.value.trim())) {
      error.value = t(s, 'console.inventory.error.country');
      return;
    }
    await search.run(country.value.trim(), query.value.trim());
  }

  /** After a change (or a refusal): the message, and the offer read again. */
  async function changed(offer: InventoryOffer | null, message: string | null, isError: boolean) {
    error.value = isError ? (message ?? '') : '';
    notice.value = isError ? null : message;
    const id = open.value;
    if (!offer && id) {
      try {
        const local = offers.value?.find((o) => o.commodityId === id)?.local ?? country.value;
        offer = (await calls.list({ local, q: id })).find((o) => o.commodityId === id) ?? null;
      } catch {
        // The message above says what happened; the table keeps what it showed.
      }
    }
    if (offer)
      offers.value = (offers.value ?? []).map((o) =>
        o.commodityId === offer!.commodityId && o.local === offer!.local ? offer! : o,
      );
  }

  const list = offers.value;
  const opened = list?.find((o) => o.commodityId === open.value) ?? null;
  return (
    <section class="support-desk staff-inventory" data-testid="staff-inventory" aria-labelledby="staff-inventory-title">
      <h2 id="staff-inventory-title">{t(s, 'console.inventory.tab')}</h2>
      <form role="search" data-testid="staff-inventory-search" onSubmit={(e) => void find(e)}>
        <label>
          {t(s, 'console.inventory.country')}
          <input
            name="local"
            autoComplete="off"
            maxLength={2}
            value={country.value}
            onInput={(e) => (country.value = e.currentTarget.value.toLowerCase())}
          />
        </label>
        <label>
          {t(s, 'console.inventory.search')}
          <input
            name="q"
            type="search"
            autoComplete="off"
            maxLength={80}
            value={query.value}
            onInput={(e) => (query.value = e.currentTarget.value)}
          />
        </label>
        <p>
          <button type="submit" aria-disabled={busy.value}>
            {t(s, 'console.inventory.find')}
          </button>
        </p>
      </form>
      {error.value ? (
        <p role="alert" data-testid="staff-inventory-error">
          {error.value}
        </p>
      ) : null}
      <p role="status" class={notice.value ? 'notice' : undefined} data-testid="staff-inventory-notice">
        {notice.value ?? ''}
      </p>
      {list && list.length === 0 ? <p>{t(s, 'console.inventory.none')}</p> : null}
      {list && list.length > 0 ? (
        <div class="staff-inventory__scroll" tabIndex={0} role="region" aria-labelledby="staff-inventory-title">
          <table data-testid="staff-inventory-offers">
            <thead>
              <tr>
                <th scope="col">{t(s, 'console.inventory.col.product')}</th>
                <th scope="col">{t(s, 'console.inventory.col.stock')}</th>
                <th scope="col">{t(s, 'console.inventory.col.status')}</th>
                <th scope="col">
                  <span class="visually-hidden">{t(s, 'console.inventory.change')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {list.map((o) => (
                <tr key={`${o.local}:${o.commodityId}`} data-commodity={o.commodityId}>
                  <th scope="row" id={`staff-inventory-${o.local}-${o.commodityId}`}>
                    {o.name}
                    {o.spec ? ` · ${o.spec}` : ''} <code>{o.commodityId}</code>
                  </th>
                  <td>{o.stock}</td>
                  <td class={o.onSale ? undefined : 'staff-inventory__off'}>
                    {t(s, o.onSale ? 'console.inventory.onSale' : 'console.inventory.offSale')}
                  </td>
                  <td>
                    {/* Every row's button reads "Change stock"; the row's product tells them apart. */}
                    <button
                      type="button"
                      aria-expanded={open.value === o.commodityId}
                      aria-describedby={`staff-inventory-${o.local}-${o.commodityId}`}
                      onClick={() => (open.value = open.value === o.commodityId ? null : o.commodityId)}
                    >
                      {t(s, 'console.inventory.change')}
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {opened ? (
        <OfferEditor
          key={`${opened.local}:${opened.commodityId}`}
          s={s}
          calls={calls}
          offer={opened}
          onChanged={changed}
        />
      ) : null}
    </section>
  );
}
