/** How tickets, appointments and centres look in the API (shared by the customer and staff routes). */
import { ticketNumber, VISIBLE_MONTHS, canReopen, afterCustomerReply } from '../../support/ticket-rules';
import { changeProblem, type BookingRules } from '../../support/appointment-rules';
import { wallClock } from '../../support/zoned-time';
import type { TicketMessageRow, TicketRow } from '../../repositories/support-tickets';
import type { AppointmentRow, CentreRow } from '../../repositories/service-centres';
import { WEEKDAYS, type SERVICE_KINDS } from '../../../content/schemas/service-centres.schema';
import { translator } from '../../i18n';
import type { Storefront } from '../../storefront';

const ms = (d: Date | null) => (d ? new Date(d).getTime() : null);

export function ticketView(t: TicketRow) {
  const completed = ms(t.completed_at);
  const until = completed === null ? null : new Date(completed);
  if (until) until.setMonth(until.getMonth() + VISIBLE_MONTHS);
  return {
    id: t.id,
    number: ticketNumber(t.id),
    kind: t.kind,
    request_type: t.request_type,
    status: t.status,
    escalation_level: t.escalation_level,
    name: t.name,
    email: t.email,
    order_id: t.order_id,
    feedback: t.feedback,
    summary: t.summary.length > 160 ? `${t.summary.slice(0, 157)}…` : t.summary,
    message_count: t.message_count,
    due_at: ms(t.due_at),
    first_response_at: ms(t.first_response_at),
    completed_at: completed,
    visible_until: until ? until.getTime() : null,
    created_at: ms(t.created_at)!,
    updated_at: ms(t.updated_at)!,
    can_reply: afterCustomerReply(t.status) !== null,
    can_reopen: canReopen(t.status),
    can_feedback: t.status === 'resolved',
    has_account: t.user_id !== null,
    priority: t.priority,
  };
}

export const messageView = (m: TicketMessageRow) => ({
  id: m.id,
  author: m.author,
  body: m.body,
  at: ms(m.created_at)!,
});

export function centreView(c: CentreRow) {
  const map = `https://www.openstreetmap.org/?mlat=${c.latitude}&mlon=${c.longitude}`;
  return {
    id: c.id,
    name: c.name,
    city: c.city,
    address: c.address,
    postal_code: c.postal_code,
    phone: c.phone,
    email: c.email,
    latitude: c.latitude,
    longitude: c.longitude,
    map_url: `${map}#map=17/${c.latitude}/${c.longitude}`,
    services: c.services as (typeof SERVICE_KINDS)[number][],
    slot_minutes: c.slot_minutes,
    capacity: c.capacity,
    timezone: c.timezone,
    hours: WEEKDAYS.map((day) => ({ day, open: c.hours[day]?.open ?? null, close: c.hours[day]?.close ?? null })),
  };
}

export function appointmentView(a: AppointmentRow, rules: BookingRules | null, staff = false) {
  const start = new Date(a.slot_start);
  const local = wallClock(start, a.timezone);
  const changeUntil = rules ? start.getTime() - rules.changeCutoffHours * 3_600_000 : null;
  return {
    id: a.id,
    centre_id: a.centre_id,
    centre_name: a.centre_name,
    centre_city: a.centre_city,
    centre_address: a.centre_address,
    timezone: a.timezone,
    // Bookings take a service the centre offers (checked against the catalogue's kinds when booked).
    service: a.service as (typeof SERVICE_KINDS)[number],
    slot_start: start.getTime(),
    slot_end: new Date(a.slot_end).getTime(),
    local_date: local.date,
    local_time: local.clock,
    note: a.note,
    state: a.state,
    cancelled_by: a.cancelled_by,
    rescheduled: a.rescheduled,
    created_at: ms(a.created_at)!,
    can_change: a.state === 'confirmed' && rules !== null && changeProblem(start, rules, new Date()) === null,
    change_until: a.state === 'confirmed' ? changeUntil : null,
    ...(staff ? { customer_email: a.customer_email, customer_name: a.customer_name } : {}),
  };
}

/** Catalogue key of a ticket status or appointment state (keys allow no underscores). */
export const camel = (value: string) => value.replace(/[_-]([a-z])/g, (_, c: string) => c.toUpperCase());

/** A status in the storefront's language (for messages and mails). */
export function statusLabel(storefront: Storefront, status: string): string {
  return translator(storefront)(`supportDesk.status.${camel(status)}`);
}

/** "2026-03-02 09:30 (Asia/Jakarta)": an appointment's time as the centre's customers read it. */
export function localTime(a: Pick<AppointmentRow, 'slot_start' | 'timezone'>): string {
  const w = wallClock(new Date(a.slot_start), a.timezone);
  return `${w.date} ${w.clock}`;
}
