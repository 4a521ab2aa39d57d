/**
 * The rules of support tickets and grievances (ticket states, lengths, limits), pure.
 *
 * open → in_progress (staff answers) → resolved (staff) → closed (the customer's feedback "resolved") or
 * not_solved (feedback "not solved"); a resolved, closed or not-solved ticket can be reopened by its customer
 * while it is still shown (3 months after completion). Staff may close any ticket that is not closed.
 */

import {
  GRIEVANCE_TYPES,
  MAX_ESCALATION,
  REQUEST_TYPES,
  TICKET_STATUSES,
  type TicketKind,
  type TicketStatus,
} from '../schemas/support-desk';

// The lists and the escalation maximum are part of the API contract (server/schemas/support-desk.ts); the rules
// over them live here.
export { GRIEVANCE_TYPES, MAX_ESCALATION, REQUEST_TYPES, TICKET_STATUSES, type TicketKind, type TicketStatus };

/** Text lengths of the support forms. */
export const LIMITS = {
  /** Service requirement text of the offline form. */
  formText: { min: 10, max: 500 },
  /** Complaints: at most 1500 characters (and some words to act on). */
  grievanceText: { min: 10, max: 1500 },
  reply: { min: 1, max: 1500 },
  name: { min: 1, max: 50 },
} as const;

/** A grievance is answered within 48 hours and escalated after 12 hours without a staff answer. */
export const GRIEVANCE_RESPONSE_HOURS = 48;
export const ESCALATION_AFTER_HOURS = 12;
/** Completed tickets stay visible to their customer this long after the feedback (or the staff's closing). */
export const VISIBLE_MONTHS = 3;
/** Email reply 24 hours: what the offline form promises. */
export const EMAIL_REPLY_HOURS = 24;
/** The offline form's confirmation link (its ticket opens only once the address confirms) is valid this long. */
export const CONFIRM_LINK_HOURS = 24;

/** The statuses staff may set from each status. */
export const STAFF_NEXT: Readonly<Record<TicketStatus, readonly TicketStatus[]>> = {
  open: ['in_progress', 'resolved', 'closed'],
  in_progress: ['resolved', 'closed'],
  reopened: ['in_progress', 'resolved', 'closed'],
  resolved: ['in_progress', 'closed'],
  not_solved: ['in_progress', 'resolved', 'closed'],
  closed: [],
};

/** Statuses that end a ticket: they start the 3-month visibility. */
export const COMPLETED: readonly TicketStatus[] = ['closed', 'not_solved'];

/** The customer may write while the ticket is not closed; writing on a resolved or not-solved one reopens it. */
export function afterCustomerReply(status: TicketStatus): TicketStatus | null {
  if (status === 'closed') return null;
  return status === 'resolved' || status === 'not_solved' ? 'reopened' : status;
}

/** Reopening is for answers the customer is not happy with. */
export function canReopen(status: TicketStatus): boolean {
  return status === 'resolved' || status === 'closed' || status === 'not_solved';
}

/** Feedback is asked once staff marked the ticket resolved. */
export function feedbackStatus(status: TicketStatus, resolved: boolean): TicketStatus | null {
  if (status !== 'resolved') return null;
  return resolved ? 'closed' : 'not_solved';
}

/** A staff answer moves a waiting ticket into progress; a closed ticket takes no more answers. */
export function afterStaffReply(status: TicketStatus): TicketStatus | null {
  if (status === 'closed') return null;
  return status === 'open' || status === 'reopened' || status === 'not_solved' ? 'in_progress' : status;
}

/** Human ticket number from its id: T + the number (8100000001 → T8100000001). */
export const ticketNumber = (id: string | number) => `T${id}`;

/** The id in a ticket number or a bare id; null when it is neither. */
export function ticketIdOf(value: string): string | null {
  const m = /^T?([0-9]{1,18})$/i.exec(value.trim());
  return m ? m[1]! : null;
}
