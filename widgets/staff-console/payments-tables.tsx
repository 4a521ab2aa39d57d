import type { ComponentChildren } from 'preact';
import { camel, t } from '../lib/strings';
import { money } from '../lib/money';
import { dateOnly, dateTime, type Strings } from '../lib/support-parts';
import type { OrderMoney, StaffPayment, StaffRefund, StaffSplitPart } from './staff-api';

export const PAYMENTS_CSS = `
.staff-payments__scroll{overflow-x:auto}
.staff-payments caption{text-align:start;font-weight:700;padding-block:.5rem}
.staff-payments td,.staff-payments th{white-space:nowrap;vertical-align:top}
.staff-payments__actions{display:flex;flex-wrap:wrap;gap:.5rem}
.staff-payments__confirm{display:grid;gap:.75rem;padding:1rem;border:1px solid #c62828;border-radius:var(--radius,8px)}
.staff-payments__confirm p{margin:0}
`;

const CANCEL_REASONS = ['shopper', 'staff', 'payment_window', 'final_window', 'final_payment_missed'] as const;
const knownReason = (r: string): r is (typeof CANCEL_REASONS)[number] =>
  (CANCEL_REASONS as readonly string[]).includes(r);
const NONE = '—';

export const paymentStateLabel = (s: Strings, state: StaffPayment['state']) =>
  t(s, `console.payments.paymentState.${camel(state)}`);
export const refundStateLabel = (s: Strings, state: StaffRefund['state']) =>
  t(s, `console.payments.refundState.${state}`);
const cancelReasonLabel = (s: Strings, reason: string) =>
  knownReason(reason) ? t(s, `console.payments.cancelReason.${camel(reason)}`) : reason;
const card = (c: { cardBrand: string | null; cardLast4: string | null }) =>
  c.cardBrand && c.cardLast4 ? `${c.cardBrand} •••• ${c.cardLast4}` : NONE;
/** Codes of providers, methods and failures are shown as they are: staff look them up by the code. */
const code = (value: string | null) => (value ? <code>{value}</code> : NONE);

/** The column headings of the payments pane's tables (keys console.payments.col.*). */
type ColumnHead =
  | 'started'
  | 'method'
  | 'provider'
  | 'amount'
  | 'card'
  | 'state'
  | 'failure'
  | 'updated'
  | 'reason'
  | 'refundRef'
  | 'attempts'
  | 'dueBy'
  | 'refundedAt'
  | 'actions';

/** One column of a table: its heading and what each row shows in it. */
interface Column<Row> {
  head: ColumnHead;
  cell: (row: Row) => ComponentChildren;
}

/**
 * A table of an order's payments, parts or refunds: each row headed by its number, marked with its id (as
 * `data-<rowName>`) and its state so tests and styles can find it, and scrolling sideways on a narrow screen
 * (focusable so a keyboard can scroll it). With no rows it shows `empty`, or nothing.
 */
function MoneyTable<Row extends { id: string; state: string }>({
  s,
  id,
  caption,
  testid,
  rowName,
  rows,
  columns,
  empty,
}: {
  s: Strings;
  id: string;
  caption: string;
  testid: string;
  rowName: 'payment' | 'part' | 'refund';
  rows: readonly Row[];
  columns: readonly Column<Row>[];
  empty?: string;
}) {
  if (rows.length === 0) return empty === undefined ? null : <p>{empty}</p>;
  return (
    <div class="staff-payments__scroll" role="region" aria-labelledby={id} tabIndex={0}>
      <table class="order-table" data-testid={testid}>
        <caption id={id}>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{t(s, 'console.payments.col.number')}</th>
            {columns.map((c) => (
              <th scope="col" key={c.head}>
                {t(s, `console.payments.col.${c.head}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id} {...{ [`data-${rowName}`]: row.id }} data-state={row.state}>
              <th scope="row">{row.id}</th>
              {columns.map((c) => (
                <td key={c.head}>{c.cell(row)}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * The columns a payment and a split-payment part share, around their own way of saying how it was paid: both are
 * charges of the order, told apart only by the method (and a payment's provider).
 */
function chargeColumns<Row extends StaffPayment | StaffSplitPart>(
  s: Strings,
  exponent: number,
  how: readonly Column<Row>[],
): Column<Row>[] {
  return [
    { head: 'started', cell: (p) => dateTime(p.createdAt) },
    ...how,
    { head: 'amount', cell: (p) => money(p.amount, exponent) },
    { head: 'card', cell: card },
    { head: 'state', cell: (p) => paymentStateLabel(s, p.state) },
    { head: 'failure', cell: (p) => code(p.failureCode) },
    { head: 'updated', cell: (p) => dateTime(p.updatedAt) },
  ];
}

/** Who placed the order, where, how much, and where it stands. */
export function OrderSummary({ s, m, children }: { s: Strings; m: OrderMoney; children?: ComponentChildren }) {
  const o = m.order;
  return (
    <article
      class="support-desk__card"
      data-testid="staff-order"
      data-order={o.id}
      data-state={o.state}
      aria-labelledby="staff-order-title"
    >
      <h3 id="staff-order-title">{t(s, 'console.payments.order', { id: o.id })}</h3>
      <dl>
        <dt>{t(s, 'console.payments.customer')}</dt>
        <dd>{o.email}</dd>
        <dt>{t(s, 'console.payments.storefront')}</dt>
        <dd>/{o.storefront}</dd>
        <dt>{t(s, 'console.payments.state')}</dt>
        <dd data-testid="staff-order-state">{t(s, `order.state.${camel(o.state)}`)}</dd>
        <dt>{t(s, 'console.payments.total')}</dt>
        <dd>{money(o.total, o.exponent)}</dd>
        <dt>{t(s, 'console.payments.placed')}</dt>
        <dd>{dateTime(o.createdAt)}</dd>
        {o.state === 'unpaid' ? (
          <>
            <dt>{t(s, 'console.payments.payBefore')}</dt>
            <dd>{dateTime(o.payBefore)}</dd>
          </>
        ) : null}
        {o.paidAt !== null ? (
          <>
            <dt>{t(s, 'console.payments.paidAt')}</dt>
            <dd>{dateTime(o.paidAt)}</dd>
          </>
        ) : null}
        {o.cancelledAt !== null ? (
          <>
            <dt>{t(s, 'console.payments.cancelledAt')}</dt>
            <dd>{dateTime(o.cancelledAt)}</dd>
          </>
        ) : null}
        {o.cancelReason ? (
          <>
            <dt>{t(s, 'console.payments.cancelReason')}</dt>
            <dd>{cancelReasonLabel(s, o.cancelReason)}</dd>
          </>
        ) : null}
      </dl>
      {children}
    </article>
  );
}

/** Every payment attempt of the order, oldest first. */
export function PaymentsTable({ s, m }: { s: Strings; m: OrderMoney }) {
  const columns = chargeColumns<StaffPayment>(s, m.order.exponent, [
    { head: 'method', cell: (p) => code(p.method) },
    { head: 'provider', cell: (p) => code(p.provider) },
  ]);
  return (
    <MoneyTable
      s={s}
      id="staff-payments-caption"
      caption={t(s, 'console.payments.payments')}
      testid="staff-order-payments"
      rowName="payment"
      rows={m.payments}
      columns={columns}
      empty={t(s, 'console.payments.noPayments')}
    />
  );
}

/** The parts of a split payment (company orders), when there are any. */
export function PartsTable({ s, m }: { s: Strings; m: OrderMoney }) {
  const columns = chargeColumns<StaffSplitPart>(s, m.order.exponent, [
    { head: 'method', cell: (p) => t(s, p.method === 'card' ? 'business.split.byCard' : 'business.split.byTransfer') },
  ]);
  return (
    <MoneyTable
      s={s}
      id="staff-parts-caption"
      caption={t(s, 'console.payments.parts')}
      testid="staff-order-parts"
      rowName="part"
      rows={m.splitParts}
      columns={columns}
    />
  );
}

/** Money owed back on the order, with the buttons the server allows on each refund. */
export function RefundsTable({
  s,
  m,
  busy,
  onDone,
  onRetry,
}: {
  s: Strings;
  m: OrderMoney;
  busy: boolean;
  onDone: (r: StaffRefund) => void;
  onRetry: (r: StaffRefund) => void;
}) {
  const columns: Column<StaffRefund>[] = [
    { head: 'reason', cell: (r) => t(s, `order.refund.reason.${camel(r.reason)}`) },
    { head: 'amount', cell: (r) => money(r.amount, m.order.exponent) },
    { head: 'state', cell: (r) => refundStateLabel(s, r.state) },
    { head: 'provider', cell: (r) => (r.provider ? code(r.provider) : t(s, 'console.payments.byStaff')) },
    { head: 'refundRef', cell: (r) => code(r.refundRef) },
    { head: 'failure', cell: (r) => code(r.failureCode) },
    { head: 'attempts', cell: (r) => r.attempts },
    { head: 'dueBy', cell: (r) => dateOnly(r.dueBy) },
    { head: 'refundedAt', cell: (r) => (r.refundedAt !== null ? dateTime(r.refundedAt) : NONE) },
    {
      head: 'actions',
      cell: (r) => (
        <div class="staff-payments__actions">
          {r.canMarkDone ? (
            <button type="button" disabled={busy} data-testid="staff-refund-done" onClick={() => onDone(r)}>
              {t(s, 'console.payments.markDone')}
            </button>
          ) : null}
          {r.canRetry ? (
            <button type="button" disabled={busy} data-testid="staff-refund-retry" onClick={() => onRetry(r)}>
              {t(s, 'console.payments.retry')}
            </button>
          ) : null}
        </div>
      ),
    },
  ];
  return (
    <MoneyTable
      s={s}
      id="staff-refunds-caption"
      caption={t(s, 'console.payments.refunds')}
      testid="staff-order-refunds"
      rowName="refund"
      rows={m.refunds}
      columns={columns}
      empty={t(s, 'console.payments.noRefunds')}
    />
  );
}
