export type { Ticket, TicketStatus, TicketThread } from '../request/support-api';
import type { TicketStatus } from '../../server/schemas/support-desk';

/** Every status, in the order staff read them (the ticket states). */
export const TICKET_STATUS_LIST: readonly TicketStatus[] = [
  'open',
  'in_progress',
  'reopened',
  'resolved',
  'not_solved',
  'closed',
];
