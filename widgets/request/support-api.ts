import { request } from './';
import type { ServiceKind, Weekday } from '../../content/schemas/service-centres.schema';

/** Calls of server/routes/support-desk/support-desk.ts with their camel-cased answers; `api` is the storefront's API base. */
export type TicketStatus = 'open' | 'in_progress' | 'resolved' | 'closed' | 'reopened' | 'not_solved';

export interface Ticket {
  id: string;
  number: string;
  kind: 'ticket' | 'grievance';
  requestType: string;
  status: TicketStatus;
  escalationLevel: number;
  name: string;
  email: string;
  orderId: string | null;
  feedback: string | null;
  summary: string;
  messageCount: number;
  dueAt: number | null;
  firstResponseAt: number | null;
  completedAt: number | null;
  visibleUntil: number | null;
  createdAt: number;
  updatedAt: number;
  canReply: boolean;
  canReopen: boolean;
  canFeedback: boolean;
  /** A signed-in customer's (answers go to their messages) or a visitor's (answers go by mail). */
  hasAccount: boolean;
}
export interface TicketMessage {
  id: string;
  author: 'customer' | 'staff';
  body: string;
  at: number;
}
export interface TicketThread {
  ticket: Ticket;
  messages: TicketMessage[];
  /** Staff detail only. */
  nextStatuses?: TicketStatus[];
}

/** The offline form's answer: a confirmation link went to `email`, valid `expiresHours`. */
export interface HeldRequest {
  email: string;
  expiresHours: number;
}
/** The ticket a confirmation link opened, with a link token to show and answer it. */
export interface ConfirmedTicket extends TicketThread {
  token: string;
}

export interface Centre {
  id: string;
  name: string;
  city: string;
  address: string;
  postalCode: string | null;
  phone: string;
  email: string | null;
  latitude: number;
  longitude: number;
  mapUrl: string;
  services: ServiceKind[];
  slotMinutes: number;
  capacity: number;
  timezone: string;
  hours: { day: Weekday; open: string | null; close: string | null }[];
}
export interface CentreList {
  centres: Centre[];
  cities: string[];
  services: ServiceKind[];
  rules: { changeCutoffHours: number; minLeadMinutes: number; bookingHorizonDays: number } | null;
}
export interface Slot {
  start: number;
  end: number;
  time: string;
  left: number;
  bookable: boolean;
}
export interface Appointment {
  id: string;
  centreId: string;
  centreName: string;
  centreCity: string;
  centreAddress: string;
  timezone: string;
  service: ServiceKind;
  slotStart: number;
  slotEnd: number;
  localDate: string;
  localTime: string;
  note: string | null;
  state: 'confirmed' | 'cancelled' | 'completed' | 'no_show';
  cancelledBy: string | null;
  rescheduled: number;
  createdAt: number;
  canChange: boolean;
  changeUntil: number | null;
  customerEmail?: string;
  customerName?: string | null;
}

/** Ticket reference: by id for the signed-in owner, or by the mail link's token. */
export type TicketRef = { id: string } | { token: string };

export function supportApi(api: string) {
  const url = (path: string) => `${api}${path}`;
  const post = <T>(path: string, body: Record<string, unknown>) => request<T>(url(path), { body, json: true });
  return {
    centres: (city?: string) => request<CentreList>(url('/support/service-centres'), { params: city ? { city } : {} }),
    slots: (centreId: string, date?: string) => request<{ centreId: string; date: string; dates: string[]; slots: Slot[] }>(url('/support/service-centres/slots'), { params: { centreId, ...(date ? { date } : {}) } }),
    book: (body: { centreId: string; service: string; start: number; note?: string }) => post<{ appointment: Appointment }>('/support/appointments/book', body).then((r) => r.appointment),
    myAppointments: () => request<{ appointments: Appointment[] }>(url('/support/appointments/mine')).then((r) => r.appointments),
    cancel: (id: string) => post<{ appointment: Appointment }>('/support/appointments/cancel', { id }).then((r) => r.appointment),
    reschedule: (id: string, start: number) => post<{ appointment: Appointment }>('/support/appointments/reschedule', { id, start }).then((r) => r.appointment),
    /** The offline form: held until the address follows the mailed link (`confirmOffline`), which opens the ticket. */
    offline: (body: { name: string; email: string; requestType: string; text: string; orderId?: string }) => post<HeldRequest>('/support/tickets/offline', body),
    confirmOffline: (token: string) => post<ConfirmedTicket>('/support/tickets/offline/confirm', { token }),
    grievance: (body: { category: string; text: string; orderId?: string }) => post<TicketThread>('/support/grievances', body),
    myTickets: (kind?: 'ticket' | 'grievance') => request<{ tickets: Ticket[] }>(url('/support/tickets/mine'), { params: kind ? { kind } : {} }).then((r) => r.tickets),
    ticket: (ref: TicketRef) => request<TicketThread>(url('/support/tickets/detail'), { params: ref }),
    reply: (ref: TicketRef, text: string) => post<TicketThread>('/support/tickets/reply', { ...ref, text }),
    reopen: (ref: TicketRef) => post<TicketThread>('/support/tickets/reopen', { ...ref }),
    feedback: (ref: TicketRef, resolved: boolean) => post<TicketThread>('/support/tickets/feedback', { ...ref, resolved }),
  };
}
export type SupportApi = ReturnType<typeof supportApi>;

export const REQUEST_TYPES = ['order', 'delivery', 'product', 'repair', 'return', 'payment', 'account', 'other'] as const;
export const GRIEVANCE_TYPES = ['order', 'delivery', 'refund', 'repair', 'trade-in', 'staff', 'other'] as const;
/** §5 and §9 numbers the forms show (the server checks them again). */
export const LIMITS = { formText: { min: 10, max: 500 }, grievanceText: { min: 10, max: 1500 }, reply: { min: 1, max: 1500 }, name: 50, replyHours: 24, grievanceHours: 48, escalationHours: 12 };

/** Characters as people count them. */
export const charCount = (s: string) => [...s.trim()].length;
