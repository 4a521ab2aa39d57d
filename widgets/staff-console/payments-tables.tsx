import type { ComponentChildren } from 'preact';
import { camel, t } from '../lib/strings';
import { money } from '../checkout/money';
import { dateOnly, dateTime, type Strings } from '../support-desk/shared';
import type { OrderMoney, StaffPayment, StaffRefund } from './staff-api';

export const PAYMENTS_CSS = `
.staff-payments__scroll{overflow-x:auto}
.staff-payments caption{text-align:start;font-weight:700;padding-block:.5rem}
.staff-payments td,.staff-payments th{white-space:nowrap;vertical-align:top}
.staff-payments__actions{display:flex;flex-wrap:wrap;gap:.5rem}
.staff-payments__confirm{display:grid;gap:.75rem;padding:1rem;border:1px solid #c62828;border-radius:var(--radius,8px)}
.staff-payments__confirm p{margin:0}
`;

const CANCEL_REASONS = ['shopper', 'staff', 'payment_window', 'final_window', 'final_payment_missed'] as const;
const knownReason = (r: string): r is (typeof CANCEL_REASONS)[number] => (CANCEL_REASONS as readonly string[]).includes(r);
const NONE = '—';

export const paymentStateLabel = (s: Strings, state: StaffPayment['state']) => t(s, `console.payments.paymentState.${camel(state)}`);
export const refundStateLabel = (s: Strings, state: StaffRefund['state']) => t(s, `console.payments.refundState.${state}`);
const cancelReasonLabel = (s: Strings, reason: string) => (knownReason(reason) ? t(s, `console.payments.cancelReason.${camel(reason)}`) : reason);
const card = (c: { cardBrand: string | null; cardLast4: string | null }) => (c.cardBrand && c.cardLast4 ? `${c.cardBrand} •••• ${c.cardLast4}` : NONE);
/** Codes of providers, methods and failures are shown as they are: staff look them up by the code. */
const code = (value: string | null) => (value ? <code>{value}</code> : NONE);

/** A table that scrolls sideways on a narrow screen, focusable so a keyboard can scroll it. */
function Table({ id, caption, children, testid }: { id: string; caption: string; children: ComponentChildren; testid: string }) {
  return (
    <div class="staff-payments__scroll" role="region" aria-labelledby={id} tabIndex={0}>
      <table class="order-table" data-testid={testid}>
        <caption id={id}>{caption}</caption>
        {children}
      </table>
    </div>
  );
}

/** Who placed the order, where, how much, and where it stands. */
export function OrderSummary({ s, m, children }: { s: Strings; m: OrderMoney; children?: ComponentChildren }) {
  const o = m.order;
  return (
    <article class="support-desk__card" data-testid="staff-order" data-order={o.id} data-state={o.state} aria-labelledby="staff-order-title">
      <h3 id="staff-order-title">{t(s, 'console.payments.order', { id: o.id })}</h3>
      <dl>
        <dt>{t(s, 'console.payments.customer')}</dt>
        <dd>{o.email}</dd>
        <dt>{t(s, 'console.payments.storefront')}</dt>
        <dd>/{o.storefront}</dd>
        <dt>{t(s, 'console.payments.state')}</dt>
        <dd data-testid="staff-order-state">{t(s, `order.state.${o.state}`)}</dd>
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
  if (m.payments.length === 0) return <p>{t(s, 'console.payments.noPayments')}</p>;
  return (
    <Table id="staff-payments-caption" caption={t(s, 'console.payments.payments')} testid="staff-order-payments">
      <thead>
        <tr>
          <th scope="col">{t(s, 'console.payments.col.number')}</th>
          <th scope="col">{t(s, 'console.payments.col.started')}</th>
          <th scope="col">{t(s, 'console.payments.col.method')}</th>
          <th scope="col">{t(s, 'console.payments.col.provider')}</th>
          <th scope="col">{t(s, 'console.payments.col.amount')}</th>
          <th scope="col">{t(s, 'console.payments.col.card')}</th>
          <th scope="col">{t(s, 'console.payments.col.state')}</th>
          <th scope="col">{t(s, 'console.payments.col.failure')}</th>
          <th scope="col">{t(s, 'console.payments.col.updated')}</th>
        </tr>
      </thead>
      <tbody>
        {m.payments.map((p) => (
          <tr key={p.id} data-payment={p.id} data-state={p.state}>
            <th scope="row">{p.id}</th>
            <td>{dateTime(p.createdAt)}</td>
            <td>{code(p.method)}</td>
            <td>{code(p.provider)}</td>
            <td>{money(p.amount, m.order.exponent)}</td>
            <td>{card(p)}</td>
            <td>{paymentStateLabel(s, p.state)}</td>
            <td>{code(p.failureCode)}</td>
            <td>{dateTime(p.updatedAt)}</td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}

/** The parts of a split payment (company orders), when there are any. */
export function PartsTable({ s, m }: { s: Strings; m: OrderMoney }) {
  if (m.splitParts.length === 0) return null;
  return (
    <Table id="staff-parts-caption" caption={t(s, 'console.payments.parts')} testid="staff-order-parts">
      <thead>
        <tr>
          <th scope="col">{t(s, 'console.payments.col.number')}</th>
          <th scope="col">{t(s, 'console.payments.col.started')}</th>
          <th scope="col">{t(s, 'console.payments.col.method')}</th>
          <th scope="col">{t(s, 'console.payments.col.amount')}</th>
          <th scope="col">{t(s, 'console.payments.col.card')}</th>
          <th scope="col">{t(s, 'console.payments.col.state')}</th>
          <th scope="col">{t(s, 'console.payments.col.failure')}</th>
          <th scope="col">{t(s, 'console.payments.col.updated')}</th>
        </tr>
      </thead>
      <tbody>
        {m.splitParts.map((p) => (
          <tr key={p.id} data-part={p.id} data-state={p.state}>
            <th scope="row">{p.id}</th>
            <td>{dateTime(p.createdAt)}</td>
            <td>{t(s, p.method === 'card' ? 'business.split.byCard' : 'business.split.byTransfer')}</td>
            <td>{money(p.amount, m.order.exponent)}</td>
            <td>{card(p)}</td>
            <td>{paymentStateLabel(s, p.state)}</td>
            <td>{code(p.failureCode)}</td>
            <td>{dateTime(p.updatedAt)}</td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}

/** Money owed back on the order, with the buttons the server allows on each refund. */
export function RefundsTable({ s, m, busy, onDone, onRetry }: { s: Strings; m: OrderMoney; busy: boolean; onDone: (r: StaffRefund) => void; onRetry: (r: StaffRefund) => void }) {
  if (m.refunds.length === 0) return <p>{t(s, 'console.payments.noRefunds')}</p>;
  return (
    <Table id="staff-refunds-caption" caption={t(s, 'console.payments.refunds')} testid="staff-order-refunds">
      <thead>
        <tr>
          <th scope="col">{t(s, 'console.payments.col.number')}</th>
          <th scope="col">{t(s, 'console.payments.col.reason')}</th>
          <th scope="col">{t(s, 'console.payments.col.amount')}</th>
          <th scope="col">{t(s, 'console.payments.col.state')}</th>
          <th scope="col">{t(s, 'console.payments.col.provider')}</th>
          <th scope="col">{t(s, 'console.payments.col.refundRef')}</th>
          <th scope="col">{t(s, 'console.payments.col.failure')}</th>
          <th scope="col">{t(s, 'console.payments.col.attempts')}</th>
          <th scope="col">{t(s, 'console.payments.col.dueBy')}</th>
          <th scope="col">{t(s, 'console.payments.col.refundedAt')}</th>
          <th scope="col">{t(s, 'console.payments.col.actions')}</th>
        </tr>
      </thead>
      <tbody>
        {m.refunds.map((r) => (
          <tr key={r.id} data-refund={r.id} data-state={r.state}>
            <th scope="row">{r.id}</th>
            <td>{t(s, `order.refund.reason.${camel(r.reason)}`)}</td>
            <td>{money(r.amount, m.order.exponent)}</td>
            <td>{refundStateLabel(s, r.state)}</td>
            <td>{r.provider ? code(r.provider) : t(s, 'console.payments.byStaff')}</td>
            <td>{code(r.refundRef)}</td>
            <td>{code(r.failureCode)}</td>
            <td>{r.attempts}</td>
            <td>{dateOnly(r.dueBy)}</td>
            <td>{r.refundedAt !== null ? dateTime(r.refundedAt) : NONE}</td>
            <td>
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
            </td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
