export type { Ticket, TicketStatus, TicketThread } from '../support-desk/api';
import type { TicketStatus } from '../support-desk/api';

/** Every status, in the order staff read them (§4). */
export const TICKET_STATUS_LIST: readonly TicketStatus[] = ['open', 'in_progress', 'reopened', 'resolved', 'not_solved', 'closed'];
