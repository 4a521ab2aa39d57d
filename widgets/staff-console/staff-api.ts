import { request } from '../request';
import { site } from '../state/site';
import type { Appointment, TicketThread } from '../request/support-api';
import type { Camelized } from '../request/camelized';
import type {
  OrderMoneyView,
  StaffPaymentView,
  StaffRefundAnswer,
  StaffRefundView,
  StaffSplitPartView,
} from '../../server/schemas/staff-payments';
import type {
  StaffAppointmentsAnswer,
  StaffTicketsAnswer,
  StorageView,
  SupportServiceCentresAnswer,
  TicketStatus,
} from '../../server/schemas/support-desk';
import type { QueuedRefundView, StaffRefundQueueAnswer } from '../../server/schemas/refunds';

/**
 * The staff calls of server/routes/support-desk/support-staff.ts and staff-payments.ts (every one refuses non-staff:
 * 40302, or 20001 signed out).
 */
export function staffApi(api: string = site.value.api) {
  const url = (path: string) => `${api}${path}`;
  const post = <T>(path: string, body: Record<string, unknown>) => request<T>(url(path), { body, json: true });
  return {
    tickets: (filter: { status?: string; kind?: string; q?: string }) =>
      request<Camelized<StaffTicketsAnswer>>(url('/staff/tickets'), {
        params: { status: filter.status || undefined, kind: filter.kind || undefined, q: filter.q || undefined },
      }).then((r) => r.tickets),
    ticket: (id: string) => request<TicketThread>(url('/staff/tickets/detail'), { params: { id } }),
    reply: (id: string, text: string) => post<TicketThread>('/staff/tickets/reply', { id, text }),
    update: (id: string, change: { status?: TicketStatus; escalationLevel?: number }) =>
      post<TicketThread>('/staff/tickets/update', { id, ...change }),
    centres: () =>
      request<Camelized<SupportServiceCentresAnswer>>(url('/support/service-centres')).then((r) => r.centres),
    appointments: (filter: { centreId?: string; date?: string; state?: string }) =>
      request<Camelized<StaffAppointmentsAnswer>>(url('/staff/appointments'), {
        params: {
          centreId: filter.centreId || undefined,
          date: filter.date || undefined,
          state: filter.state || undefined,
        },
      }).then((r) => r.appointments),
    setAppointment: (id: string, state: 'completed' | 'no_show' | 'cancelled') =>
      post<{ appointment: Appointment }>('/staff/appointments/update', { id, state }).then((r) => r.appointment),
    orderMoney: (orderId: string) => request<OrderMoney>(url('/staff/orders/payments'), { params: { orderId } }),
    /** Cancels an order; `refund` for a paid one (refunded in full), after staff confirmed that. */
    cancelOrder: (orderId: string, refund = false) => post<OrderMoney>('/staff/orders/cancel', { orderId, refund }),
    refundDone: (refundId: string) =>
      post<Camelized<StaffRefundAnswer>>('/staff/refunds/done', { refundId }).then((r) => r.refund),
    refundRetry: (refundId: string) =>
      post<Camelized<StaffRefundAnswer>>('/staff/refunds/retry', { refundId }).then((r) => r.refund),
    /** Refunds of the country staff must act on (server/routes/payments/staff-refunds.ts). */
    refundQueue: () => request<Camelized<StaffRefundQueueAnswer>>(url('/staff/refunds/queue')).then((r) => r.refunds),
    /** An account's stored files and upload quota (server/routes/support-desk/staff-storage.ts). */
    storage: (who: { userId?: number; email?: string }) =>
      request<StorageUse>(url('/staff/storage'), { params: { userId: who.userId, email: who.email } }),
  };
}
export type StaffApi = ReturnType<typeof staffApi>;

/**
 * An order's money as server/routes/payments/staff-payments.ts answers it (server/schemas/staff-payments.ts; times in
 * ms).
 */
export type OrderMoney = Camelized<OrderMoneyView>;
export type StaffPayment = Camelized<StaffPaymentView>;
export type StaffSplitPart = Camelized<StaffSplitPartView>;
export type StaffRefund = Camelized<StaffRefundView>;
export type QueuedRefund = Camelized<QueuedRefundView>;

/** GET staff/storage (server/schemas/support-desk.ts). */
export type StorageUse = Camelized<StorageView>;

/** What a staff pane takes: the UI strings of its host (supportDesk.* keys) and the storefront's API base. */
export interface StaffPaneProps {
  strings?: Record<string, string> | undefined;
  /** The storefront's API base, e.g. '/api/id'; the page's storefront when left out. */
  api?: string | undefined;
}
