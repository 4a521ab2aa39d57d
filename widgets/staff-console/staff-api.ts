import { request } from '../request';
import { site } from '../state/site';
import type { Appointment, Centre, Ticket, TicketStatus, TicketThread } from '../request/support-api';

/** The staff calls of server/routes/support-desk/support-staff.ts and staff-payments.ts (every one refuses non-staff: 40302, or 20001 signed out). */
export function staffApi(api: string = site.value.api) {
  const url = (path: string) => `${api}${path}`;
  const post = <T>(path: string, body: Record<string, unknown>) => request<T>(url(path), { body, json: true });
  return {
    tickets: (filter: { status?: string; kind?: string; q?: string }) =>
      request<{ tickets: Ticket[] }>(url('/staff/tickets'), { params: { status: filter.status || undefined, kind: filter.kind || undefined, q: filter.q || undefined } }).then((r) => r.tickets),
    ticket: (id: string) => request<TicketThread>(url('/staff/tickets/detail'), { params: { id } }),
    reply: (id: string, text: string) => post<TicketThread>('/staff/tickets/reply', { id, text }),
    update: (id: string, change: { status?: TicketStatus; escalationLevel?: number }) => post<TicketThread>('/staff/tickets/update', { id, ...change }),
    centres: () => request<{ centres: Centre[] }>(url('/support/service-centres')).then((r) => r.centres),
    appointments: (filter: { centreId?: string; date?: string; state?: string }) =>
      request<{ appointments: Appointment[] }>(url('/staff/appointments'), { params: { centreId: filter.centreId || undefined, date: filter.date || undefined, state: filter.state || undefined } }).then((r) => r.appointments),
    setAppointment: (id: string, state: 'completed' | 'no_show' | 'cancelled') => post<{ appointment: Appointment }>('/staff/appointments/update', { id, state }).then((r) => r.appointment),
    orderMoney: (orderId: string) => request<OrderMoney>(url('/staff/orders/payments'), { params: { orderId } }),
    cancelOrder: (orderId: string) => post<OrderMoney>('/staff/orders/cancel', { orderId }),
    refundDone: (refundId: string) => post<{ refund: StaffRefund }>('/staff/refunds/done', { refundId }).then((r) => r.refund),
    refundRetry: (refundId: string) => post<{ refund: StaffRefund }>('/staff/refunds/retry', { refundId }).then((r) => r.refund),
    /** An account's stored files and upload quota (server/routes/support-desk/staff-storage.ts). */
    storage: (who: { userId?: number; email?: string }) => request<StorageUse>(url('/staff/storage'), { params: { userId: who.userId, email: who.email } }),
  };
}
export type StaffApi = ReturnType<typeof staffApi>;

/** An order's money as server/routes/payments/staff-payments.ts answers it (keys camelCased by the request layer; times in ms). */
export interface OrderMoney {
  order: {
    id: string;
    storefront: string;
    flow: 'consumer' | 'company';
    state: 'unpaid' | 'processing' | 'paid' | 'shipped' | 'cancelled';
    total: number;
    amountDue: number;
    currency: string;
    exponent: number;
    email: string;
    createdAt: number;
    payBefore: number;
    paidAt: number | null;
    cancelledAt: number | null;
    cancelReason: string | null;
  };
  payments: StaffPayment[];
  splitParts: StaffSplitPart[];
  refunds: StaffRefund[];
}
export interface StaffPayment {
  id: string;
  provider: string;
  method: string;
  state: 'pending' | 'otp_required' | 'succeeded' | 'failed' | 'reversed';
  amount: number;
  cardBrand: string | null;
  cardLast4: string | null;
  failureCode: string | null;
  createdAt: number;
  updatedAt: number;
}
export interface StaffSplitPart extends Omit<StaffPayment, 'provider' | 'method' | 'state'> {
  method: 'card' | 'bank_transfer';
  state: 'pending' | 'succeeded' | 'failed' | 'reversed';
}
export interface StaffRefund {
  id: string;
  reason: 'order_closed' | 'duplicate' | 'split_parts_paid' | 'presale_lapsed';
  amount: number;
  state: 'pending' | 'succeeded' | 'failed' | 'done';
  /** Null: no provider pays it back, staff do. */
  provider: string | null;
  refundRef: string | null;
  failureCode: string | null;
  attempts: number;
  dueBy: number;
  refundedAt: number | null;
  createdAt: number;
  canMarkDone: boolean;
  canRetry: boolean;
}

/** GET staff/storage, in the camelCase the request layer gives. */
export interface StorageUse {
  userId: number;
  email: string;
  files: number;
  bytes: number;
  pendingFiles: number;
  pendingBytes: number;
  quota: { files: number; bytes: number; pendingFiles: number; pendingBytes: number; addressBytesPerDay: number };
}

/** What a staff pane takes: the UI strings of its host (supportDesk.* keys) and the storefront's API base. */
export interface StaffPaneProps {
  strings?: Record<string, string> | undefined;
  /** The storefront's API base, e.g. '/api/id'; the page's storefront when left out. */
  api?: string | undefined;
}
