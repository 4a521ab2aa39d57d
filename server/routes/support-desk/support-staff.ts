import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import { envelopeSchema, ok } from '../../envelope';
import { requireStaff } from '../../context';
import { translator } from '../../i18n';
import { findStorefront } from '../../storefront';
import type { Queryable } from '../../db/types';
import { postMessageIn } from '../../repositories/messages';
import { ticketReplyMail, ticketStatusMail } from '../../mail/support-mails';
import { LIMITS, STAFF_NEXT, ticketIdOf, ticketNumber } from '../../support/ticket-rules';
import type { TicketRow } from '../../repositories/support-tickets';
import type { AppointmentRow, AppointmentState } from '../../repositories/service-centres';
import { FAIL, fail } from './support-desk';
import { appointmentView, localTime, messageView, statusLabel, ticketView } from './support-desk-views';
import {
  type TicketStatus,
  staffAppointmentsAnswer,
  staffAppointmentsUpdateAnswer,
  staffTicket,
  staffTicketsAnswer,
  staffAppointmentUpdateBody,
  staffAppointmentsQuery,
  staffTicketDetailQuery,
  staffTicketReplyBody,
  staffTicketUpdateBody,
  staffTicketsQuery,
} from '../../schemas/support-desk';

/**
 * The staff side of the support desk (staff only, checked on every route): the ticket queue of
 * the storefront's country, answering (a message to a signed-in customer, a mail with a fresh link to a visitor),
 * moving tickets through their states and escalation levels; a centre's appointments by day and closing them.
 */
export async function supportStaffRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
  const tickets = () => app.repos.supportTickets;
  const centres = () => app.repos.serviceCentres;

  const detail = async (ticket: TicketRow) =>
    ok({
      ticket: ticketView(ticket),
      messages: (await tickets().messages(ticket.id)).map(messageView),
      next_statuses: [...STAFF_NEXT[ticket.status]],
    });

  /** The id of a ticket number or id from the console, or the envelope's "not found". */
  function idOf(request: FastifyRequest, value: string): string {
    const id = ticketIdOf(value);
    if (!id) throw fail(request, FAIL.ticket);
    return id;
  }

  /**
   * Tells the customer: a message in their inbox when they have an account, and a mail with a new link (the mailer
   * leaves it out when an account holder turned ticket mails off).
   */
  async function tellCustomer(
    q: Queryable,
    ticket: TicketRow,
    what: { reply: string } | { status: TicketStatus },
  ): Promise<void> {
    const storefront = findStorefront(ticket.url_local)!;
    const t = translator(storefront);
    const number = ticketNumber(ticket.id);
    if (ticket.user_id !== null) {
      await postMessageIn(q, {
        userId: ticket.user_id,
        kind: 'ticket',
        title:
          'reply' in what
            ? t('supportDesk.message.reply', { number })
            : t('supportDesk.message.status', { number, status: statusLabel(storefront, what.status) }),
        body:
          'reply' in what
            ? what.reply
            : t('mail.supportDesk.status.body', { number, status: statusLabel(storefront, what.status) }),
        link: `/${storefront.urlLocal}/support/ticket/?id=${ticket.id}`,
      });
    }
    const origin = app.mail.links(storefront).origin;
    const token = await tickets().issueToken(q, ticket.id);
    await app.mail.enqueue(
      q,
      'reply' in what
        ? ticketReplyMail(origin, storefront, ticket, token, what.reply)
        : ticketStatusMail(origin, storefront, ticket, token, statusLabel(storefront, what.status)),
    );
  }

  app.get(
    '/staff/tickets',
    {
      schema: {
        tags: ['staff'],
        summary:
          "The country's tickets and grievances for staff: active ones by default (most escalated first), " +
          'or one status; q = number, email or name',
        querystring: staffTicketsQuery,
        response: { 200: envelopeSchema(staffTicketsAnswer) },
      },
    },
    async (request) => {
      requireStaff(request);
      const rows = await tickets().staffList(request.storefront.local, {
        status: request.query.status ?? 'active',
        kind: request.query.kind ?? null,
        q: request.query.q ?? null,
      });
      return ok({ tickets: rows.map(ticketView) });
    },
  );

  app.get(
    '/staff/tickets/detail',
    {
      schema: {
        tags: ['staff'],
        summary: 'One ticket with its thread and the statuses staff may move it to',
        querystring: staffTicketDetailQuery,
        response: { 200: envelopeSchema(staffTicket) },
      },
    },
    async (request) => {
      requireStaff(request);
      const ticket = await tickets().staffGet(request.storefront.local, idOf(request, request.query.id));
      if (!ticket) throw fail(request, FAIL.ticket);
      return detail(ticket);
    },
  );

  app.post(
    '/staff/tickets/reply',
    {
      schema: {
        tags: ['staff'],
        summary:
          'Answer a ticket: a waiting ticket goes in progress; the customer gets a message (account) or a ' +
          'mail with a link (visitor)',
        body: staffTicketReplyBody,
        response: { 200: envelopeSchema(staffTicket) },
      },
    },
    async (request) => {
      const staff = requireStaff(request);
      const id = idOf(request, request.body.id);
      const text = request.body.text.trim();
      const n = [...text].length;
      if (n < LIMITS.reply.min || n > LIMITS.reply.max)
        throw fail(request, FAIL.form, {
          fields: { text: n < LIMITS.reply.min ? 'short' : 'long' },
          limits: { text: LIMITS.reply },
        });
      if (!(await tickets().staffGet(request.storefront.local, id))) throw fail(request, FAIL.ticket);
      const result = await app.db.transaction(async (tx) => {
        const r = await tickets().staffReply(tx, staff.id, id, text);
        if (r.ok) await tellCustomer(tx, r.ticket, { reply: text });
        return r;
      });
      if (!result.ok) throw fail(request, result.reason === 'state' ? FAIL.ticketState : FAIL.ticket);
      app.mail.wake();
      return detail(result.ticket);
    },
  );

  app.post(
    '/staff/tickets/update',
    {
      schema: {
        tags: ['staff'],
        summary: 'Move a ticket to another status (see next_statuses) and/or set its escalation level (0-3)',
        body: staffTicketUpdateBody,
        response: { 200: envelopeSchema(staffTicket) },
      },
    },
    async (request) => {
      requireStaff(request);
      const id = idOf(request, request.body.id);
      if (!(await tickets().staffGet(request.storefront.local, id))) throw fail(request, FAIL.ticket);
      const result = await app.db.transaction(async (tx) => {
        const r = await tickets().staffUpdate(tx, id, {
          status: request.body.status,
          escalationLevel: request.body.escalationLevel,
        });
        if (r.ok && r.statusChanged && r.ticket.status !== 'in_progress')
          await tellCustomer(tx, r.ticket, { status: r.ticket.status });
        return r;
      });
      if (!result.ok) throw fail(request, result.reason === 'state' ? FAIL.ticketState : FAIL.ticket);
      app.mail.wake();
      return detail(result.ticket);
    },
  );

  app.get(
    '/staff/appointments',
    {
      schema: {
        tags: ['staff'],
        summary: "The country's appointments for staff: by centre, local date (YYYY-MM-DD) and state",
        querystring: staffAppointmentsQuery,
        response: { 200: envelopeSchema(staffAppointmentsAnswer) },
      },
    },
    async (request) => {
      requireStaff(request);
      const q = request.query;
      const rules = await centres().rules(request.storefront.local);
      const rows = await centres().staffList(request.storefront.local, {
        centreId: q.centreId ?? null,
        date: q.date ?? null,
        state: (q.state as AppointmentState | undefined) ?? null,
      });
      return ok({ appointments: rows.map((a) => appointmentView(a, rules, true)) });
    },
  );

  app.post(
    '/staff/appointments/update',
    {
      schema: {
        tags: ['staff'],
        summary:
          'Close a confirmed appointment: completed or no_show once it has begun, cancelled while it is ' +
          'ahead; the customer gets a message',
        body: staffAppointmentUpdateBody,
        response: { 200: envelopeSchema(staffAppointmentsUpdateAnswer) },
      },
    },
    async (request) => {
      requireStaff(request);
      const id = request.body.id.trim();
      if (!/^[0-9]{1,18}$/.test(id)) throw fail(request, FAIL.appointment);
      const result = await app.db.transaction(async (tx) => {
        const r = await centres().staffSetState(tx, request.storefront.local, id, request.body.state);
        if (r.ok) await tellAppointment(tx, r.appointment);
        return r;
      });
      if (!result.ok) throw fail(request, result.reason === 'not_found' ? FAIL.appointment : FAIL.appointmentState);
      const rules = await centres().rules(request.storefront.local);
      return ok({ appointment: appointmentView(result.appointment, rules, true) });
    },
  );

  async function tellAppointment(q: Queryable, a: AppointmentRow): Promise<void> {
    const storefront = findStorefront(a.url_local)!;
    const t = translator(storefront);
    await postMessageIn(q, {
      userId: a.user_id,
      kind: 'service',
      title: t(`supportDesk.message.appointment.staff.${a.state === 'no_show' ? 'noShow' : a.state}`, { id: a.id }),
      body: t('supportDesk.message.appointment.body', {
        centre: a.centre_name,
        address: a.centre_address,
        time: localTime(a),
        service: t(`supportDesk.service.${a.service}`),
      }),
      link: `/${storefront.urlLocal}/user/my-request/`,
    });
  }
}
