import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import { envelopeSchema, ok } from '../../envelope';
import { ApiError, Errno, type ErrnoCode } from '../../errors';
import { requireUser } from '../../context';
import { translate, translator } from '../../i18n';
import { isValidEmail } from '../../../region-config/index';
import { postMessageIn } from '../../repositories/messages';
import { ticketConfirmMail, ticketReceivedMail } from '../../mail/support-mails';
import type { RateRule } from '../../security/rate-limit';
import { SERVICE_KINDS } from '../../../content/schemas/service-centres.schema';
import { bookableDates } from '../../support/appointment-rules';
import { wallClock } from '../../support/zoned-time';
import {
  CONFIRM_LINK_HOURS,
  GRIEVANCE_RESPONSE_HOURS,
  LIMITS,
  ticketIdOf,
  ticketNumber,
} from '../../support/ticket-rules';
import {
  GRIEVANCE_TYPES,
  REQUEST_TYPES,
  type TicketKind,
  heldRequestAnswer,
  ticketListAnswer,
  appointmentAnswer,
  ticketThreadAnswer,
  supportAppointmentsMineAnswer,
  supportServiceCentresAnswer,
  supportServiceCentresSlotsAnswer,
  supportTicketsOfflineConfirmAnswer,
  appointmentBookBody,
  appointmentIdBody,
  appointmentRescheduleBody,
  grievanceBody,
  offlineTicketBody,
  offlineTicketConfirmBody,
  serviceCentreSlotsQuery,
  serviceCentresQuery,
  ticketFeedbackBody,
  ticketIdBody,
  ticketReplyBody,
  ticketsMineQuery,
} from '../../schemas/support-desk';
import type { TicketRow } from '../../repositories/support-tickets';
import type { Queryable } from '../../db/types';
import type { AppointmentRow, BookResult, ChangeResult } from '../../repositories/service-centres';
import { appointmentView, centreView, localTime, messageView, ticketView } from './support-desk-views';

/** The offline form and complaints send mail to any address typed in: few per client and hour. */
export const SUPPORT_FORM_RULE: RateRule = { bucket: 'support-form', max: 10, windowSeconds: 3600 };

type Failure = readonly [ErrnoCode, string];
export const FAIL = {
  centre: [Errno.SERVICE_CENTRE_NOT_FOUND, 'supportDesk.error.centre'],
  service: [Errno.SERVICE_NOT_AVAILABLE, 'supportDesk.error.serviceNotAvailable'],
  cannotBook: [Errno.CANNOT_BOOK_APPOINTMENT, 'supportDesk.error.cannotBook'],
  past: [Errno.CANNOT_BOOK_APPOINTMENT, 'supportDesk.error.past'],
  tooSoon: [Errno.CANNOT_BOOK_APPOINTMENT, 'supportDesk.error.tooSoon'],
  tooFar: [Errno.CANNOT_BOOK_APPOINTMENT, 'supportDesk.error.tooFar'],
  full: [Errno.APPOINTMENT_SLOT_FULL, 'supportDesk.error.full'],
  alreadyBooked: [Errno.APPOINTMENT_ALREADY_BOOKED, 'supportDesk.error.alreadyBooked'],
  appointment: [Errno.APPOINTMENT_NOT_FOUND, 'supportDesk.error.appointment'],
  changePast: [Errno.APPOINTMENT_CHANGE_CLOSED, 'supportDesk.error.changePast'],
  cutoff: [Errno.APPOINTMENT_CHANGE_CLOSED, 'supportDesk.error.cutoff'],
  appointmentState: [Errno.APPOINTMENT_STATE, 'supportDesk.error.appointmentState'],
  form: [Errno.SUPPORT_FORM_INVALID, 'supportDesk.error.form'],
  ticket: [Errno.TICKET_NOT_FOUND, 'supportDesk.error.ticket'],
  ticketState: [Errno.TICKET_STATE, 'supportDesk.error.ticketState'],
  confirmLink: [Errno.TICKET_NOT_FOUND, 'supportDesk.error.confirmLink'],
} as const satisfies Record<string, Failure>;

/** The envelope error of a failure, in the storefront's language; `data` names the fields at fault. */
export function fail(
  request: FastifyRequest,
  [errno, key]: Failure,
  data: Record<string, unknown> | null = null,
  vars: Record<string, string | number> = {},
): ApiError {
  return new ApiError(errno, translate(request.storefront, key, vars), 200, data);
}

/** Characters as people count them (an emoji is one). */
const length = (s: string) => [...s].length;
/** '' when the length is within bounds, else 'short' or 'long'. */
function lengthProblem(text: string, bounds: { min: number; max: number }): 'short' | 'long' | null {
  const n = length(text);
  return n < bounds.min ? 'short' : n > bounds.max ? 'long' : null;
}

/**
 * Service centres and appointments, support tickets and grievances for customers:
 * anyone may list centres and send the offline form; booking, the user's tickets and complaints need sign-in;
 * a visitor reads and answers a ticket with the token of its mail.
 */
export async function supportDeskRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
  const tickets = () => app.repos.supportTickets;
  const centres = () => app.repos.serviceCentres;

  // ---- Service centres -------------------------------------------------------------------------------------
  app.get(
    '/support/service-centres',
    {
      schema: {
        tags: ['support'],
        summary:
          'The service centres of this country (optionally of one city) with their hours, services and booking rules',
        querystring: serviceCentresQuery,
        response: {
          200: envelopeSchema(supportServiceCentresAnswer),
        },
      },
    },
    async (request) => {
      const local = request.storefront.local;
      const all = await centres().centres(local);
      const city = request.query.city?.trim() || null;
      const shown = city ? all.filter((c) => c.city.toLowerCase() === city.toLowerCase()) : all;
      const rules = await centres().rules(local);
      return ok({
        centres: shown.map(centreView),
        cities: [...new Set(all.map((c) => c.city))].sort((a, b) => a.localeCompare(b)),
        services: [...SERVICE_KINDS],
        rules: rules
          ? {
              change_cutoff_hours: rules.changeCutoffHours,
              min_lead_minutes: rules.minLeadMinutes,
              booking_horizon_days: rules.bookingHorizonDays,
            }
          : null,
      });
    },
  );

  app.get(
    '/support/service-centres/slots',
    {
      schema: {
        tags: ['support'],
        summary: "A centre's appointment slots on a day (its local date) with the places left; the bookable days",
        querystring: serviceCentreSlotsQuery,
        response: {
          200: envelopeSchema(supportServiceCentresSlotsAnswer),
        },
      },
    },
    async (request) => {
      const centre = await centres().centre(request.storefront.local, request.query.centreId);
      const rules = await centres().rules(request.storefront.local);
      if (!centre || !rules) throw fail(request, FAIL.centre);
      const now = new Date();
      const dates = bookableDates(centre.timezone, rules, now);
      const date = request.query.date ?? dates[0]!;
      const earliest = now.getTime() + rules.minLeadMinutes * 60_000;
      const slots = dates.includes(date) ? await centres().slots(centre, date) : [];
      return ok({
        centre_id: centre.id,
        date,
        dates,
        slots: slots.map((s) => ({
          start: s.start.getTime(),
          end: s.end.getTime(),
          time: wallClock(s.start, centre.timezone).clock,
          left: s.left,
          bookable: s.left > 0 && s.start.getTime() >= earliest,
        })),
      });
    },
  );

  // ---- Appointments ------------------------------------------------------------------------------------------
  function bookFailure(
    request: FastifyRequest,
    result: Exclude<BookResult | ChangeResult, { ok: true }>,
    cutoffHours = 0,
  ): ApiError {
    switch (result.reason) {
      case 'centre':
        return fail(request, FAIL.centre);
      case 'service':
        return fail(request, FAIL.service, { fields: { service: 'not_available' } });
      case 'not_a_slot':
        return fail(request, FAIL.cannotBook, { fields: { start: 'not_a_slot' } });
      case 'past':
        return fail(request, FAIL.past, { fields: { start: 'past' } });
      case 'too_soon':
        return fail(request, FAIL.tooSoon, { fields: { start: 'too_soon' } });
      case 'too_far':
        return fail(request, FAIL.tooFar, { fields: { start: 'too_far' } });
      case 'full':
        return fail(request, FAIL.full, { fields: { start: 'full' } });
      case 'already_booked':
        return fail(request, FAIL.alreadyBooked);
      case 'not_found':
        return fail(request, FAIL.appointment);
      case 'state':
        return fail(request, FAIL.appointmentState);
      case 'begun':
        return fail(request, FAIL.changePast);
      case 'cutoff':
        return fail(request, FAIL.cutoff, null, { count: cutoffHours });
    }
  }

  async function notifyAppointment(
    q: Parameters<typeof postMessageIn>[0],
    request: FastifyRequest,
    a: AppointmentRow,
    what: 'booked' | 'cancelled' | 'rescheduled',
  ) {
    const t = translator(request.storefront);
    await postMessageIn(q, {
      userId: a.user_id,
      kind: 'service',
      title: t(`supportDesk.message.appointment.${what}`, { id: a.id }),
      body: t('supportDesk.message.appointment.body', {
        centre: a.centre_name,
        address: a.centre_address,
        time: localTime(a),
        service: t(`supportDesk.service.${a.service}`),
      }),
      link: `/${request.storefront.urlLocal}/user/my-request/`,
    });
  }

  app.post(
    '/support/appointments/book',
    {
      schema: {
        tags: ['support'],
        summary:
          'Book a slot of a service at a centre ("booked", "already booked", "cannot book appointment", ' +
          '"service not available at this location")',
        body: appointmentBookBody,
        response: { 200: envelopeSchema(appointmentAnswer) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const body = request.body;
      const note = body.note?.trim() || null;
      const result = await app.db.transaction(async (tx) => {
        const r = await centres().book(tx, {
          userId: user.id,
          local: request.storefront.local,
          urlLocal: request.storefront.urlLocal,
          centreId: body.centreId,
          service: body.service,
          start: new Date(body.start),
          note,
        });
        if (r.ok) await notifyAppointment(tx, request, r.appointment, 'booked');
        return r;
      });
      if (!result.ok) throw bookFailure(request, result);
      const rules = await centres().rules(request.storefront.local);
      return ok({ appointment: appointmentView(result.appointment, rules) });
    },
  );

  app.get(
    '/support/appointments/mine',
    {
      schema: {
        tags: ['support'],
        summary: "The user's appointments in this country, upcoming first",
        response: { 200: envelopeSchema(supportAppointmentsMineAnswer) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const rules = await centres().rules(request.storefront.local);
      return ok({
        appointments: (await centres().listOfUser(user.id, request.storefront.local)).map((a) =>
          appointmentView(a, rules),
        ),
      });
    },
  );

  const validId = (id: string) => /^[0-9]{1,18}$/.test(id.trim());

  app.post(
    '/support/appointments/cancel',
    {
      schema: {
        tags: ['support'],
        summary: 'Cancel a confirmed appointment (not once it began, not inside the cut-off hours)',
        body: appointmentIdBody,
        response: { 200: envelopeSchema(appointmentAnswer) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const id = request.body.id.trim();
      if (!validId(id)) throw fail(request, FAIL.appointment);
      const rules = await centres().rules(request.storefront.local);
      const result = await app.db.transaction(async (tx) => {
        const r = await centres().cancel(tx, user.id, request.storefront.local, id);
        if (r.ok) await notifyAppointment(tx, request, r.appointment, 'cancelled');
        return r;
      });
      if (!result.ok) throw bookFailure(request, result, rules?.changeCutoffHours);
      return ok({ appointment: appointmentView(result.appointment, rules) });
    },
  );

  app.post(
    '/support/appointments/reschedule',
    {
      schema: {
        tags: ['support'],
        summary: 'Move a confirmed appointment to another slot of its centre (the booking rules and the cut-off apply)',
        body: appointmentRescheduleBody,
        response: { 200: envelopeSchema(appointmentAnswer) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const id = request.body.id.trim();
      if (!validId(id)) throw fail(request, FAIL.appointment);
      const rules = await centres().rules(request.storefront.local);
      const result = await app.db.transaction(async (tx) => {
        const r = await centres().reschedule(tx, user.id, request.storefront.local, id, new Date(request.body.start));
        if (r.ok) await notifyAppointment(tx, request, r.appointment, 'rescheduled');
        return r;
      });
      if (!result.ok) throw bookFailure(request, result, rules?.changeCutoffHours);
      return ok({ appointment: appointmentView(result.appointment, rules) });
    },
  );

  // ---- Tickets ----------------------------------------------------------------------------------------------
  /** The ticket a request may see: the signed-in owner's by id, or anyone's by the token of its mail. */
  async function visibleTicket(
    request: FastifyRequest,
    ref: { id?: string | undefined; token?: string | undefined },
  ): Promise<TicketRow> {
    const local = request.storefront.local;
    let ticket: TicketRow | null = null;
    if (ref.token) ticket = await tickets().byToken(ref.token.trim(), local);
    else if (ref.id) {
      const user = requireUser(request);
      const id = ticketIdOf(ref.id);
      ticket = id ? await tickets().ofUser(user.id, local, id) : null;
    } else requireUser(request);
    if (!ticket) throw fail(request, FAIL.ticket);
    return ticket;
  }
  const withThread = async (ticket: TicketRow) =>
    ok({ ticket: ticketView(ticket), messages: (await tickets().messages(ticket.id)).map(messageView) });

  app.post(
    '/support/tickets/offline',
    {
      config: { rateLimit: SUPPORT_FORM_RULE },
      schema: {
        tags: ['support'],
        summary:
          'The offline form (visitors too): mails a confirmation link to the address; the ticket opens only ' +
          'when it is followed (offline/confirm)',
        body: offlineTicketBody,
        response: { 200: envelopeSchema(heldRequestAnswer) },
      },
    },
    async (request) => {
      const body = request.body;
      const name = body.name.trim();
      const email = body.email.trim();
      const text = body.text.trim();
      const fields: Record<string, string> = {};
      const nameProblem = lengthProblem(name, LIMITS.name);
      if (nameProblem) fields['name'] = nameProblem === 'short' ? 'required' : 'long';
      if (!isValidEmail(email) || email.length > 100) fields['email'] = 'invalid';
      if (!(REQUEST_TYPES as readonly string[]).includes(body.requestType)) fields['requestType'] = 'unknown';
      const textProblem = lengthProblem(text, LIMITS.formText);
      if (textProblem) fields['text'] = textProblem;
      const orderId = body.orderId?.trim() || null;
      if (orderId && !/^[0-9]{1,18}$/.test(orderId)) fields['orderId'] = 'invalid';
      if (Object.keys(fields).length > 0)
        throw fail(request, FAIL.form, { fields, limits: { text: LIMITS.formText, name: LIMITS.name } });
      const storefront = request.storefront;
      const origin = app.mail.links(storefront).origin;
      // Answered alike when the address's mail cap held the mail back: the answer says nothing of who else wrote.
      await app.db.transaction((tx) =>
        tickets().holdRequest(
          tx,
          {
            local: storefront.local,
            urlLocal: storefront.urlLocal,
            userId: request.user?.id ?? null,
            requestType: body.requestType,
            name,
            email,
            text,
            orderId,
          },
          async (token) => (await app.mail.enqueue(tx, ticketConfirmMail(origin, storefront, email, token))) !== null,
        ),
      );
      app.mail.wake();
      return ok({ email, expires_hours: CONFIRM_LINK_HOURS });
    },
  );

  app.post(
    '/support/tickets/offline/confirm',
    {
      schema: {
        tags: ['support'],
        summary:
          "Follow the offline form's confirmation link: opens its ticket once (the usual mail with its " +
          'number follows); a used, expired or forged link opens nothing',
        body: offlineTicketConfirmBody,
        response: { 200: envelopeSchema(supportTicketsOfflineConfirmAnswer) },
      },
    },
    async (request) => {
      const storefront = request.storefront;
      const opened = await app.db.transaction(async (tx) => {
        const c = await tickets().confirmRequest(tx, request.body.token.trim(), storefront.local);
        if (!c) return null;
        await tellOfTicket(tx, request, c, c.text);
        return { ticket: c.ticket, token: await tickets().issueToken(tx, c.ticket.id) };
      });
      if (!opened) throw fail(request, FAIL.confirmLink);
      app.mail.wake();
      return ok({
        ticket: ticketView(opened.ticket),
        messages: (await tickets().messages(opened.ticket.id)).map(messageView),
        token: opened.token,
      });
    },
  );

  /** Tells of a new ticket, in its transaction: the mail with its number and link, and a message for an account. */
  async function tellOfTicket(
    tx: Queryable,
    request: FastifyRequest,
    c: { ticket: TicketRow; token: string },
    text: string,
  ): Promise<void> {
    const storefront = request.storefront;
    const tr = translator(storefront);
    await app.mail.enqueue(tx, ticketReceivedMail(app.mail.links(storefront).origin, storefront, c.ticket, c.token));
    if (c.ticket.user_id !== null)
      await postMessageIn(tx, {
        userId: c.ticket.user_id,
        kind: 'ticket',
        title: tr(
          c.ticket.kind === 'grievance'
            ? 'supportDesk.message.grievanceReceived'
            : 'supportDesk.message.ticketReceived',
          { number: ticketNumber(c.ticket.id) },
        ),
        body: text,
        link: `/${storefront.urlLocal}/support/ticket/?id=${c.ticket.id}`,
      });
  }

  async function createTicket(
    request: FastifyRequest,
    t: { kind: TicketKind; requestType: string; name: string; email: string; text: string; orderId: string | null },
  ) {
    const storefront = request.storefront;
    const created = await app.db.transaction(async (tx) => {
      const c = await tickets().create(tx, {
        local: storefront.local,
        urlLocal: storefront.urlLocal,
        userId: request.user?.id ?? null,
        kind: t.kind,
        requestType: t.requestType,
        name: t.name,
        email: t.email,
        orderId: t.orderId,
        text: t.text,
        dueHours: t.kind === 'grievance' ? GRIEVANCE_RESPONSE_HOURS : null,
      });
      await tellOfTicket(tx, request, c, t.text);
      return c.ticket;
    });
    app.mail.wake();
    return withThread(created);
  }

  app.post(
    '/support/grievances',
    {
      config: { rateLimit: SUPPORT_FORM_RULE },
      schema: {
        tags: ['support'],
        summary:
          'File a grievance (complaint, up to 1500 characters): answered within 48 hours, escalated after ' +
          '12 hours without an answer',
        body: grievanceBody,
        response: { 200: envelopeSchema(ticketThreadAnswer) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const body = request.body;
      const text = body.text.trim();
      const fields: Record<string, string> = {};
      if (!(GRIEVANCE_TYPES as readonly string[]).includes(body.category)) fields['category'] = 'unknown';
      const problem = lengthProblem(text, LIMITS.grievanceText);
      if (problem) fields['text'] = problem;
      const orderId = body.orderId?.trim() || null;
      if (orderId && !/^[0-9]{1,18}$/.test(orderId)) fields['orderId'] = 'invalid';
      const name = (body.name?.trim() || user.nickname || user.email).slice(0, LIMITS.name.max);
      if (Object.keys(fields).length > 0)
        throw fail(request, FAIL.form, { fields, limits: { text: LIMITS.grievanceText } });
      return createTicket(request, {
        kind: 'grievance',
        requestType: body.category,
        name,
        email: user.email,
        text,
        orderId,
      });
    },
  );

  app.get(
    '/support/tickets/mine',
    {
      schema: {
        tags: ['support'],
        summary:
          "The user's tickets (kind=grievance: the grievance history), newest first; completed ones for 3 " +
          'months after the feedback',
        querystring: ticketsMineQuery,
        response: { 200: envelopeSchema(ticketListAnswer) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      return ok({
        tickets: (await tickets().listOfUser(user.id, request.storefront.local, request.query.kind ?? null)).map(
          ticketView,
        ),
      });
    },
  );

  app.get(
    '/support/tickets/detail',
    {
      schema: {
        tags: ['support'],
        summary: 'One ticket with its thread: the signed-in owner by id, or anyone with the token of its mail',
        querystring: ticketIdBody,
        response: { 200: envelopeSchema(ticketThreadAnswer) },
      },
    },
    async (request) => withThread(await visibleTicket(request, request.query)),
  );

  app.post(
    '/support/tickets/reply',
    {
      schema: {
        tags: ['support'],
        summary:
          'The customer writes in the thread (by id when signed in, or by token); on a resolved ticket this reopens it',
        body: ticketReplyBody,
        response: { 200: envelopeSchema(ticketThreadAnswer) },
      },
    },
    async (request) => {
      const ticket = await visibleTicket(request, request.body);
      const text = request.body.text.trim();
      const problem = lengthProblem(text, LIMITS.reply);
      if (problem) throw fail(request, FAIL.form, { fields: { text: problem }, limits: { text: LIMITS.reply } });
      const result = await app.db.transaction((tx) => tickets().customerReply(tx, ticket.id, text));
      if (!result.ok) throw fail(request, result.reason === 'state' ? FAIL.ticketState : FAIL.ticket);
      return withThread(result.ticket);
    },
  );

  app.post(
    '/support/tickets/reopen',
    {
      schema: {
        tags: ['support'],
        summary: 'Reopen a resolved, closed or not-solved ticket (while it is still shown)',
        body: ticketIdBody,
        response: { 200: envelopeSchema(ticketThreadAnswer) },
      },
    },
    async (request) => {
      const ticket = await visibleTicket(request, request.body);
      const result = await app.db.transaction((tx) => tickets().reopen(tx, ticket.id));
      if (!result.ok) throw fail(request, result.reason === 'state' ? FAIL.ticketState : FAIL.ticket);
      return withThread(result.ticket);
    },
  );

  app.post(
    '/support/tickets/feedback',
    {
      schema: {
        tags: ['support'],
        summary:
          'Feedback on a resolved ticket: resolved (it closes) or not solved; either way it stays shown for 3 months',
        body: ticketFeedbackBody,
        response: { 200: envelopeSchema(ticketThreadAnswer) },
      },
    },
    async (request) => {
      const ticket = await visibleTicket(request, request.body);
      const result = await app.db.transaction((tx) => tickets().feedback(tx, ticket.id, request.body.resolved));
      if (!result.ok) throw fail(request, result.reason === 'state' ? FAIL.ticketState : FAIL.ticket);
      return withThread(result.ticket);
    },
  );
}
