import { request } from './';
import type { Camelized } from './camelized';
import type {
  AppointmentAnswer,
  AppointmentBookBody,
  AppointmentView,
  CentreView,
  GrievanceBody,
  HeldRequestAnswer,
  OfflineTicketBody,
  SupportAppointmentsMineAnswer,
  SupportServiceCentresAnswer,
  SupportServiceCentresSlotsAnswer,
  SupportTicketsOfflineConfirmAnswer,
  TicketListAnswer,
  TicketMessageView,
  TicketStatus,
  TicketThreadAnswer,
  TicketView,
} from '../../server/schemas/support-desk';

/**
 * Calls of server/routes/support-desk/support-desk.ts with their camel-cased answers (server/schemas/support-desk.ts);
 * `api` is the storefront's API base.
 */
export { GRIEVANCE_TYPES, REQUEST_TYPES, TICKET_STATUSES, type TicketStatus } from '../../server/schemas/support-desk';
export type Ticket = Camelized<TicketView>;
export type TicketMessage = Camelized<TicketMessageView>;
/** A ticket and its thread; staff's detail adds the statuses it may move to. */
export type TicketThread = Camelized<TicketThreadAnswer> & { nextStatuses?: TicketStatus[] };
/** The offline form's answer: a confirmation link went to `email`, valid `expiresHours`. */
export type HeldRequest = Camelized<HeldRequestAnswer>;
/** The ticket a confirmation link opened, with a link token to show and answer it. */
export type ConfirmedTicket = Camelized<SupportTicketsOfflineConfirmAnswer>;
export type Centre = Camelized<CentreView>;
export type CentreList = Camelized<SupportServiceCentresAnswer>;
export type SlotList = Camelized<SupportServiceCentresSlotsAnswer>;
export type Slot = SlotList['slots'][number];
export type Appointment = Camelized<AppointmentView>;

/**
 * Ticket reference: by id for the signed-in owner, or by the mail link's token. Narrower than the server's schema
 * (ticketIdBody), which takes either key and leaves the choice to the handler.
 */
export type TicketRef = { id: string } | { token: string };

export function supportApi(api: string) {
  const url = (path: string) => `${api}${path}`;
  const post = <T>(path: string, body: Record<string, unknown>) => request<T>(url(path), { body, json: true });
  return {
    centres: (city?: string) => request<CentreList>(url('/support/service-centres'), { params: city ? { city } : {} }),
    slots: (centreId: string, date?: string) =>
      request<SlotList>(url('/support/service-centres/slots'), { params: { centreId, ...(date ? { date } : {}) } }),
    book: (body: AppointmentBookBody) =>
      post<Camelized<AppointmentAnswer>>('/support/appointments/book', body).then((r) => r.appointment),
    myAppointments: () =>
      request<Camelized<SupportAppointmentsMineAnswer>>(url('/support/appointments/mine')).then((r) => r.appointments),
    cancel: (id: string) =>
      post<Camelized<AppointmentAnswer>>('/support/appointments/cancel', { id }).then((r) => r.appointment),
    reschedule: (id: string, start: number) =>
      post<Camelized<AppointmentAnswer>>('/support/appointments/reschedule', { id, start }).then((r) => r.appointment),
    /** The offline form: held until the address follows the mailed link (`confirmOffline`), which opens the ticket. */
    offline: (body: OfflineTicketBody) => post<HeldRequest>('/support/tickets/offline', body),
    confirmOffline: (token: string) => post<ConfirmedTicket>('/support/tickets/offline/confirm', { token }),
    grievance: (body: GrievanceBody) => post<TicketThread>('/support/grievances', body),
    myTickets: (kind?: 'ticket' | 'grievance') =>
      request<Camelized<TicketListAnswer>>(url('/support/tickets/mine'), { params: kind ? { kind } : {} }).then(
        (r) => r.tickets,
      ),
    ticket: (ref: TicketRef) => request<TicketThread>(url('/support/tickets/detail'), { params: ref }),
    reply: (ref: TicketRef, text: string) => post<TicketThread>('/support/tickets/reply', { ...ref, text }),
    reopen: (ref: TicketRef) => post<TicketThread>('/support/tickets/reopen', { ...ref }),
    feedback: (ref: TicketRef, resolved: boolean) =>
      post<TicketThread>('/support/tickets/feedback', { ...ref, resolved }),
  };
}
export type SupportApi = ReturnType<typeof supportApi>;

/**
 * The limits the forms show (the offline form text, the complaint length, the email reply promise, the grievance
 * deadline); the server checks them again.
 */
export const LIMITS = {
  formText: { min: 10, max: 500 },
  grievanceText: { min: 10, max: 1500 },
  reply: { min: 1, max: 1500 },
  name: 50,
  replyHours: 24,
  grievanceHours: 48,
  escalationHours: 12,
};

/** Characters as people count them. */
export const charCount = (s: string) => [...s.trim()].length;
