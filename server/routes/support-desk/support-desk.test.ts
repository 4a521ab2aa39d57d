import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, drivers, linkToken, mailbox, startServer, type TestServer } from '../../test-support/harness';
import { quickShopper } from '../../test-support/shoppers';
import { staffMember } from '../../test-support/staff';
import { Errno } from '../../errors';

/**
 * Service appointments, tickets and grievances through real HTTP. Centres come from
 * content/snapshots/support/service-centres.json: id-jakarta-sudirman (every service, 3 per 30-minute slot, closed
 * on Sunday), id-jakarta-kelapa-gading (battery, screen, software only; 2 per slot), change cut-off 2 hours in /id.
 */
const SUDIRMAN = 'id-jakarta-sudirman';
const GADING = 'id-jakarta-kelapa-gading';

describe.each(drivers)('support desk (%s)', (driver) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(driver);
  });
  afterAll(async () => server?.close());

  /** Bookable slot starts of a centre, soonest first, across the days the API offers. */
  async function freeSlots(c: Client, centreId: string, count: number, minLeft = 1): Promise<number[]> {
    const first = (await c.call(`/api/id/support/service-centres/slots?centreId=${centreId}`)).body.data;
    const found: number[] = [];
    for (const date of first.dates as string[]) {
      const day = (await c.call(`/api/id/support/service-centres/slots?centreId=${centreId}&date=${date}`)).body.data;
      // Skip today's slots: they may fall inside the lead time while the test runs.
      if (date === first.dates[0]) continue;
      for (const s of day.slots) if (s.bookable && s.left >= minLeft) found.push(s.start);
      if (found.length >= count) return found.slice(0, count);
    }
    throw new Error('not enough free slots');
  }
  const book = (c: Client, body: Record<string, unknown>) =>
    c.call('/api/id/support/appointments/book', { method: 'POST', json: body });
  const post = (c: Client, path: string, json: Record<string, unknown>) =>
    c.call(`/api/id${path}`, { method: 'POST', json });
  /** The token of the newest confirmation mail of the offline form to an address. */
  const confirmToken = async (email: string) =>
    linkToken((await mailbox(server.base, email)).find((m) => m.kind === 'ticket-confirm')?.text ?? '');
  /**
   * Sends the offline form and follows the link of its confirmation mail, as the owner of the address does: the
   * ticket's answer.
   */
  async function offlineTicket(c: Client, form: Record<string, unknown>) {
    const sent = await post(c, '/support/tickets/offline', form);
    expect(sent.body.errno, JSON.stringify(sent.body)).toBe(0);
    const token = await confirmToken(String(form['email']));
    expect(token).toBeTruthy();
    return post(new Client(server.base), '/support/tickets/offline/confirm', { token: token! });
  }

  it('lists the centres of the country with hours, services, a map link and a city filter', async () => {
    const visitor = new Client(server.base);
    const all = (await visitor.call('/api/id/support/service-centres')).body;
    expect(all.errno).toBe(0);
    expect(all.data.cities).toEqual(['Bandung', 'Jakarta', 'Surabaya']);
    const sudirman = all.data.centres.find((c: any) => c.id === SUDIRMAN);
    expect(sudirman).toMatchObject({
      city: 'Jakarta',
      capacity: 3,
      slot_minutes: 30,
      timezone: 'Asia/Jakarta',
      services: ['repair', 'battery', 'screen', 'software', 'inspection'],
    });
    expect(sudirman.map_url).toMatch(/^https:\/\/www\.openstreetmap\.org\/\?mlat=-6\.2254&mlon=106\.8096/);
    expect(sudirman.hours).toContainEqual({ day: 'sun', open: null, close: null });
    expect(sudirman.hours).toContainEqual({ day: 'mon', open: '09:00', close: '18:00' });
    expect(all.data.rules).toEqual({ change_cutoff_hours: 2, min_lead_minutes: 60, booking_horizon_days: 30 });
    const surabaya = (await visitor.call('/api/id/support/service-centres?city=surabaya')).body.data.centres;
    expect(surabaya.map((c: any) => c.id)).toEqual(['id-surabaya-tunjungan']);
    expect((await visitor.call('/api/de/support/service-centres')).body.data.cities).toEqual(['Berlin', 'München']);
    expect((await visitor.call('/api/kr/support/service-centres')).body.data.cities).toEqual([
      '대구광역시',
      '서울특별시',
    ]);
    // A country without centres (every storefront country has some in the snapshot: Korea's taken out here).
    await server.db.query(`UPDATE service_centres SET active = false WHERE local = 'kr'`);
    await server.db.query(`DELETE FROM service_booking_rules WHERE local = 'kr'`);
    expect((await visitor.call('/api/kr/support/service-centres')).body.data).toMatchObject({
      centres: [],
      cities: [],
      rules: null,
    });
    expect((await visitor.call('/api/id/support/service-centres/slots?centreId=nowhere')).body.errno).toBe(
      Errno.SERVICE_CENTRE_NOT_FOUND,
    );
  });

  it('never books a slot beyond capacity, whatever the concurrency: 10 parallel bookings of 2 places', async () => {
    const shoppers = await Promise.all(Array.from({ length: 10 }, () => quickShopper(server)));
    const [start] = await freeSlots(shoppers[0]!.client, GADING, 1, 2);
    const results = await Promise.all(
      shoppers.map((s) => book(s.client, { centreId: GADING, service: 'battery', start })),
    );
    const errnos = results.map((r) => r.body.errno).sort();
    expect(errnos.filter((e) => e === 0)).toHaveLength(2);
    expect(errnos.filter((e) => e === Errno.APPOINTMENT_SLOT_FULL)).toHaveLength(8);
    const full = results.find((r) => r.body.errno !== 0)!.body;
    expect(full.errmsg).toBe('Tidak dapat membuat janji temu: waktu ini sudah penuh. Pilih waktu lain.');
    const rows = await server.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM appointments WHERE centre_id = $1 AND slot_start = $2 AND state = 'confirmed'`,
      [GADING, new Date(start!).toISOString()],
    );
    expect(rows[0]!.n).toBe(2);
    const date = results.find((r) => r.body.errno === 0)!.body.data.appointment.local_date;
    const slot = (
      await shoppers[0]!.client.call(`/api/id/support/service-centres/slots?centreId=${GADING}&date=${date}`)
    ).body.data.slots.find((s: any) => s.start === start);
    expect(slot).toMatchObject({ left: 0, bookable: false });
  });

  it('books ("booked"); refuses a second ("already booked"), services the centre lacks, times not slots', async () => {
    const s = await quickShopper(server);
    const [a, b] = await freeSlots(s.client, SUDIRMAN, 2);
    const ok = await book(s.client, { centreId: SUDIRMAN, service: 'repair', start: a, note: 'Screen flickers' });
    expect(ok.body.errno).toBe(0);
    expect(ok.body.data.appointment).toMatchObject({
      centre_id: SUDIRMAN,
      service: 'repair',
      state: 'confirmed',
      slot_start: a,
      slot_end: a! + 30 * 60_000,
      note: 'Screen flickers',
      can_change: true,
    });
    // The booking is told in the user's messages (kind service).
    const msg = await server.db.query<{ kind: string; title: string }>(
      `SELECT kind, title FROM messages WHERE user_id = $1`,
      [s.userId],
    );
    expect(msg).toContainEqual({ kind: 'service', title: `Janji temu ${ok.body.data.appointment.id} dipesan` });

    expect((await book(s.client, { centreId: SUDIRMAN, service: 'repair', start: b })).body.errno).toBe(
      Errno.APPOINTMENT_ALREADY_BOOKED,
    );
    // The same time somewhere else: one person, one place.
    const [gading] = await freeSlots(s.client, GADING, 1);
    const sameTime = (
      await s.client.call(
        `/api/id/support/service-centres/slots?centreId=${GADING}&date=${ok.body.data.appointment.local_date}`,
      )
    ).body.data.slots.find((x: any) => x.start === a);
    if (sameTime?.bookable)
      expect((await book(s.client, { centreId: GADING, service: 'battery', start: a })).body.errno).toBe(
        Errno.APPOINTMENT_ALREADY_BOOKED,
      );
    // Another service at the same centre is fine.
    expect((await book(s.client, { centreId: SUDIRMAN, service: 'battery', start: b })).body.errno).toBe(0);

    const other = await quickShopper(server);
    const lacks = await book(other.client, { centreId: GADING, service: 'repair', start: gading });
    expect(lacks.body).toMatchObject({
      errno: Errno.SERVICE_NOT_AVAILABLE,
      errmsg: 'Layanan tidak tersedia di lokasi ini.',
    });
    expect(
      (
        await other.client.call('/api/de/support/appointments/book', {
          method: 'POST',
          json: { centreId: 'de-muenchen-zentrum', service: 'software', start: gading },
        })
      ).body.errmsg,
    ).toBe('Dieser Service ist an diesem Standort nicht verfügbar.');
    expect(
      (await book(other.client, { centreId: GADING, service: 'battery', start: gading! + 5 * 60_000 })).body,
    ).toMatchObject({ errno: Errno.CANNOT_BOOK_APPOINTMENT, data: { fields: { start: 'not_a_slot' } } });
    expect(
      (await book(other.client, { centreId: SUDIRMAN, service: 'battery', start: a! - 7 * 86_400_000 })).body.errno,
    ).toBe(Errno.CANNOT_BOOK_APPOINTMENT);
    expect(
      (await book(other.client, { centreId: SUDIRMAN, service: 'battery', start: a! + 60 * 86_400_000 })).body,
    ).toMatchObject({ errno: Errno.CANNOT_BOOK_APPOINTMENT, data: { fields: { start: 'too_far' } } });
    expect((await book(other.client, { centreId: 'nowhere', service: 'battery', start: a })).body.errno).toBe(
      Errno.SERVICE_CENTRE_NOT_FOUND,
    );
    // A centre of another country is not bookable from this storefront.
    expect((await book(other.client, { centreId: 'de-berlin-mitte', service: 'battery', start: a })).body.errno).toBe(
      Errno.SERVICE_CENTRE_NOT_FOUND,
    );
    // Sign-in first (not signed in: 20001); bad input gets the envelope.
    expect((await book(new Client(server.base), { centreId: SUDIRMAN, service: 'repair', start: a })).body.errno).toBe(
      Errno.NOT_LOGGED_IN,
    );
    const bad = await book(other.client, { centreId: SUDIRMAN, service: 'repair', start: 'tomorrow' });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ errno: Errno.INVALID_PARAM, data: null });
    expect((await other.client.call('/api/id/support/appointments/mine')).body.data.appointments).toEqual([]);
  });

  it('cancels and reschedules: not once begun, in the cut-off or onto a full slot; places return', async () => {
    const s = await quickShopper(server);
    const [a, b, c] = await freeSlots(s.client, GADING, 3, 2);
    const booked = (await book(s.client, { centreId: GADING, service: 'screen', start: a })).body.data.appointment;
    const moved = await post(s.client, '/support/appointments/reschedule', { id: booked.id, start: b });
    expect(moved.body.data.appointment).toMatchObject({
      id: booked.id,
      slot_start: b,
      rescheduled: 1,
      state: 'confirmed',
    });
    const places = async (start: number) =>
      (
        await server.db.query<{ booked: number }>(
          `SELECT booked FROM appointment_slots WHERE centre_id = $1 AND slot_start = $2`,
          [GADING, new Date(start).toISOString()],
        )
      )[0]?.booked ?? 0;
    expect(await places(a!)).toBe(0);
    expect(await places(b!)).toBe(1);
    // Fill c with two others, then moving onto it fails and keeps b.
    for (let i = 0; i < 2; i++)
      expect(
        (await book((await quickShopper(server)).client, { centreId: GADING, service: 'screen', start: c })).body.errno,
      ).toBe(0);
    expect((await post(s.client, '/support/appointments/reschedule', { id: booked.id, start: c })).body.errno).toBe(
      Errno.APPOINTMENT_SLOT_FULL,
    );
    expect(await places(b!)).toBe(1);

    // Someone else's appointment is not found, for cancel and reschedule alike.
    const stranger = await quickShopper(server);
    expect((await post(stranger.client, '/support/appointments/cancel', { id: booked.id })).body.errno).toBe(
      Errno.APPOINTMENT_NOT_FOUND,
    );
    expect(
      (await post(stranger.client, '/support/appointments/reschedule', { id: booked.id, start: a })).body.errno,
    ).toBe(Errno.APPOINTMENT_NOT_FOUND);
    expect((await post(stranger.client, '/support/appointments/cancel', { id: 'abc' })).body.errno).toBe(
      Errno.APPOINTMENT_NOT_FOUND,
    );

    // Inside the 2-hour cut-off: neither cancel nor move.
    await server.db.query(`UPDATE appointments SET slot_start = now() + interval '90 minutes' WHERE id = $1::bigint`, [
      booked.id,
    ]);
    const late = await post(s.client, '/support/appointments/cancel', { id: booked.id });
    expect(late.body).toMatchObject({
      errno: Errno.APPOINTMENT_CHANGE_CLOSED,
      errmsg: 'Janji temu dapat dibatalkan atau dipindah paling lambat 2 jam sebelumnya.',
    });
    expect((await post(s.client, '/support/appointments/reschedule', { id: booked.id, start: a })).body.errno).toBe(
      Errno.APPOINTMENT_CHANGE_CLOSED,
    );
    // Begun: not changeable either.
    await server.db.query(`UPDATE appointments SET slot_start = now() - interval '10 minutes' WHERE id = $1::bigint`, [
      booked.id,
    ]);
    expect((await post(s.client, '/support/appointments/cancel', { id: booked.id })).body.errno).toBe(
      Errno.APPOINTMENT_CHANGE_CLOSED,
    );
    expect((await s.client.call('/api/id/support/appointments/mine')).body.data.appointments[0]).toMatchObject({
      id: booked.id,
      can_change: false,
    });

    // A fresh one cancels and gives its place back; cancelling twice is refused.
    const [d] = await freeSlots(s.client, SUDIRMAN, 1);
    const placesAt = async () =>
      (
        await server.db.query<{ booked: number }>(
          `SELECT booked FROM appointment_slots WHERE centre_id = $1 AND slot_start = $2`,
          [SUDIRMAN, new Date(d!).toISOString()],
        )
      )[0]?.booked ?? 0;
    const before = await placesAt();
    const second = (await book(s.client, { centreId: SUDIRMAN, service: 'inspection', start: d })).body.data
      .appointment;
    const cancelled = await post(s.client, '/support/appointments/cancel', { id: second.id });
    expect(cancelled.body.data.appointment).toMatchObject({
      state: 'cancelled',
      cancelled_by: 'customer',
      can_change: false,
    });
    expect((await post(s.client, '/support/appointments/cancel', { id: second.id })).body.errno).toBe(
      Errno.APPOINTMENT_STATE,
    );
    expect(await placesAt()).toBe(before);
    // The same service can be booked again once the first was cancelled.
    expect((await book(s.client, { centreId: SUDIRMAN, service: 'inspection', start: d })).body.errno).toBe(0);
  });

  it('staff routes refuse shoppers (403), visitors (20001); staff see a centre’s day, close visits, tell', async () => {
    const shopper = await quickShopper(server);
    for (const path of ['/staff/tickets', '/staff/appointments']) {
      const r = await shopper.client.call(`/api/id${path}`);
      expect(r.status).toBe(403);
      expect(r.body.errno).toBe(Errno.STAFF_ONLY);
      expect((await new Client(server.base).call(`/api/id${path}`)).body.errno).toBe(Errno.NOT_LOGGED_IN);
    }
    for (const [path, json] of [
      ['/staff/tickets/reply', { id: '1', text: 'hi' }],
      ['/staff/tickets/update', { id: '1', status: 'closed' }],
      ['/staff/appointments/update', { id: '1', state: 'completed' }],
    ] as const) {
      const r = await post(shopper.client, path, json);
      expect([r.status, r.body.errno]).toEqual([403, Errno.STAFF_ONLY]);
      expect((await post(new Client(server.base), path, json)).body.errno).toBe(Errno.NOT_LOGGED_IN);
    }

    const [start] = await freeSlots(shopper.client, SUDIRMAN, 1);
    const appt = (await book(shopper.client, { centreId: SUDIRMAN, service: 'software', start })).body.data.appointment;
    const s = await staffMember(server);
    const day = (await s.client.call(`/api/id/staff/appointments?centreId=${SUDIRMAN}&date=${appt.local_date}`)).body;
    expect(day.errno).toBe(0);
    expect(day.data.appointments.find((a: any) => a.id === appt.id)).toMatchObject({
      customer_email: shopper.email,
      state: 'confirmed',
      local_time: appt.local_time,
    });
    // Not yet begun: it cannot be completed or missed, only cancelled.
    expect((await post(s.client, '/staff/appointments/update', { id: appt.id, state: 'completed' })).body.errno).toBe(
      Errno.APPOINTMENT_STATE,
    );
    await server.db.query(`UPDATE appointments SET slot_start = now() - interval '5 minutes' WHERE id = $1::bigint`, [
      appt.id,
    ]);
    const done = await post(s.client, '/staff/appointments/update', { id: appt.id, state: 'no_show' });
    expect(done.body.data.appointment).toMatchObject({ state: 'no_show' });
    expect((await post(s.client, '/staff/appointments/update', { id: appt.id, state: 'completed' })).body.errno).toBe(
      Errno.APPOINTMENT_STATE,
    );
    const told = await server.db.query<{ kind: string; title: string; link: string }>(
      `SELECT kind, title, link FROM messages WHERE user_id = $1 ORDER BY id DESC LIMIT 1`,
      [shopper.userId],
    );
    expect(told[0]).toEqual({ kind: 'service', title: `Janji temu ${appt.id} terlewat`, link: '/id/user/my-request/' });
    expect((await shopper.client.call('/api/id/support/appointments/mine')).body.data.appointments[0]).toMatchObject({
      id: appt.id,
      state: 'no_show',
    });
    // Staff of /id do not reach another country's appointments.
    expect(
      (
        await s.client.call('/api/de/staff/appointments/update', {
          method: 'POST',
          json: { id: appt.id, state: 'cancelled' },
        })
      ).body.errno,
    ).toBe(Errno.APPOINTMENT_NOT_FOUND);
  });

  it('offline form for visitors: text lengths, a mail with number and token link, read/answer by token', async () => {
    const visitor = new Client(server.base);
    const email = `visitor${Date.now()}@example.com`;
    const form = { name: 'Siti Rahma', email, requestType: 'delivery', text: 'My parcel has not arrived for a week.' };
    const send = (c: Client, body: Record<string, unknown>) => post(c, '/support/tickets/offline', body);
    const tooShort = await send(visitor, { ...form, text: '  123456789  ' });
    expect(tooShort.body).toMatchObject({
      errno: Errno.SUPPORT_FORM_INVALID,
      data: { fields: { text: 'short' }, limits: { text: { min: 10, max: 500 } } },
    });
    expect((await send(visitor, { ...form, text: 'x'.repeat(501) })).body.data.fields).toEqual({ text: 'long' });
    expect((await send(visitor, { ...form, email: `long-${email}`, text: 'x'.repeat(500) })).body.errno).toBe(0);
    const many = await send(new Client(server.base), {
      name: '',
      email: 'not-an-email',
      requestType: 'gossip',
      text: 'Hello there, friend',
      orderId: '12ab',
    });
    expect(many.body.data.fields).toEqual({
      name: 'required',
      email: 'invalid',
      requestType: 'unknown',
      orderId: 'invalid',
    });
    expect((await send(new Client(server.base), { name: 'x' })).body.errno).toBe(Errno.INVALID_PARAM);

    const created = await offlineTicket(new Client(server.base), form);
    expect(created.body.errno).toBe(0);
    const ticket = created.body.data.ticket;
    expect(ticket).toMatchObject({
      kind: 'ticket',
      status: 'open',
      request_type: 'delivery',
      name: 'Siti Rahma',
      email,
      escalation_level: 0,
      due_at: null,
    });
    expect(ticket.number).toBe(`T${ticket.id}`);
    expect(created.body.data.messages).toEqual([expect.objectContaining({ author: 'customer', body: form.text })]);

    const mail = (await mailbox(server.base, email)).find(
      (m) => m.kind === 'ticket-received' && m.text.includes(ticket.number),
    )!;
    expect(mail.subject).toBe(`Kami menerima permintaan Anda ${ticket.number}`);
    expect(mail.text).toContain('/id/support/ticket/?token=');
    const token = linkToken(mail.text)!;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // The token is stored only as its hash.
    expect(await server.db.query(`SELECT 1 FROM support_ticket_tokens WHERE token_hash = $1`, [token])).toEqual([]);

    const byToken = await new Client(server.base).call(`/api/id/support/tickets/detail?token=${token}`);
    expect(byToken.body.data.ticket).toMatchObject({ id: ticket.id, can_reply: true, can_feedback: false });
    // Forged, altered or foreign-storefront tokens find nothing; a bare id without sign-in asks for sign-in.
    const forged = token.slice(0, 42) + (token[42] === 'A' ? 'B' : 'A');
    expect((await new Client(server.base).call(`/api/id/support/tickets/detail?token=${forged}`)).body.errno).toBe(
      Errno.TICKET_NOT_FOUND,
    );
    expect((await new Client(server.base).call(`/api/id/support/tickets/detail?token=short`)).body.errno).toBe(
      Errno.TICKET_NOT_FOUND,
    );
    expect((await new Client(server.base).call(`/api/de/support/tickets/detail?token=${token}`)).body.errno).toBe(
      Errno.TICKET_NOT_FOUND,
    );
    expect((await new Client(server.base).call(`/api/id/support/tickets/detail?id=${ticket.id}`)).body.errno).toBe(
      Errno.NOT_LOGGED_IN,
    );
    // A signed-in stranger cannot open it by id.
    expect(
      (await (await quickShopper(server)).client.call(`/api/id/support/tickets/detail?id=${ticket.id}`)).body.errno,
    ).toBe(Errno.TICKET_NOT_FOUND);

    const reply = await post(new Client(server.base), '/support/tickets/reply', {
      token,
      text: 'Tracking number is JNE123.',
    });
    expect(reply.body.data.messages.map((m: any) => m.author)).toEqual(['customer', 'customer']);
    expect(
      (await post(new Client(server.base), '/support/tickets/reply', { token, text: '   ' })).body.data.fields,
    ).toEqual({ text: 'short' });

    // Staff answer: the visitor gets a mail with the answer and a new link of their own.
    const s = await staffMember(server);
    const queue = (await s.client.call('/api/id/staff/tickets')).body.data.tickets;
    expect(queue.map((t: any) => t.id)).toContain(ticket.id);
    expect(
      (await s.client.call(`/api/id/staff/tickets?q=${encodeURIComponent(email)}`)).body.data.tickets.map(
        (t: any) => t.id,
      ),
    ).toEqual([ticket.id]);
    const answered = await post(s.client, '/staff/tickets/reply', {
      id: ticket.number,
      text: 'The courier delivers tomorrow, sorry for the wait.',
    });
    expect(answered.body.data).toMatchObject({
      ticket: { status: 'in_progress' },
      next_statuses: ['resolved', 'closed'],
    });
    expect(answered.body.data.ticket.first_response_at).toBeGreaterThan(0);
    const replyMail = (await mailbox(server.base, email)).find((m) => m.kind === 'ticket-reply')!;
    expect(replyMail.text).toContain('The courier delivers tomorrow, sorry for the wait.');
    const second = linkToken(replyMail.text)!;
    expect(second).not.toBe(token);
    const thread = (await new Client(server.base).call(`/api/id/support/tickets/detail?token=${second}`)).body.data;
    expect(thread.messages.map((m: any) => m.author)).toEqual(['customer', 'customer', 'staff']);
    // Both links still work.
    expect((await new Client(server.base).call(`/api/id/support/tickets/detail?token=${token}`)).body.errno).toBe(0);

    // Resolved → the visitor says "not solved" → reopens; staff resolve again → "resolved" closes it.
    await post(s.client, '/staff/tickets/update', { id: ticket.id, status: 'resolved' });
    expect((await mailbox(server.base, email)).some((m) => m.kind === 'ticket-status')).toBe(true);
    expect(
      (await post(new Client(server.base), '/support/tickets/feedback', { token, resolved: false })).body.data.ticket,
    ).toMatchObject({ status: 'not_solved', feedback: 'not_solved', can_reopen: true });
    expect(
      (await post(new Client(server.base), '/support/tickets/feedback', { token, resolved: true })).body.errno,
    ).toBe(Errno.TICKET_STATE);
    expect((await post(new Client(server.base), '/support/tickets/reopen', { token })).body.data.ticket).toMatchObject({
      status: 'reopened',
      feedback: null,
      completed_at: null,
    });
    expect((await post(s.client, '/staff/tickets/update', { id: ticket.id, status: 'open' })).body.errno).toBe(
      Errno.TICKET_STATE,
    );
    await post(s.client, '/staff/tickets/update', { id: ticket.id, status: 'resolved' });
    const closed = (await post(new Client(server.base), '/support/tickets/feedback', { token, resolved: true })).body
      .data.ticket;
    expect(closed).toMatchObject({ status: 'closed', feedback: 'resolved', can_reply: false, can_feedback: false });
    expect(
      (await post(new Client(server.base), '/support/tickets/reply', { token, text: 'One more thing' })).body.errno,
    ).toBe(Errno.TICKET_STATE);
    expect((await post(s.client, '/staff/tickets/reply', { id: ticket.id, text: 'late' })).body.errno).toBe(
      Errno.TICKET_STATE,
    );
  });

  it('offline form: a ticket once its address confirms; the link opens one, expired or forged none', async () => {
    const email = `confirm${Date.now()}@example.com`;
    const form = { name: 'Siti Rahma', email, requestType: 'delivery', text: 'My parcel has not arrived for a week.' };
    const tickets = async () =>
      (
        await server.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM support_tickets WHERE email = $1`, [email])
      )[0]!.n;
    const s = await staffMember(server);
    const queued = async () =>
      (await s.client.call(`/api/id/staff/tickets?status=all&q=${encodeURIComponent(email)}`)).body.data
        .tickets as unknown[];

    const sent = await post(new Client(server.base), '/support/tickets/offline', form);
    expect(sent.body).toMatchObject({ errno: 0, data: { email, expires_hours: 24 } });
    expect(sent.body.data.ticket).toBeUndefined();
    expect(await tickets()).toBe(0);
    expect(await queued()).toEqual([]);
    expect((await mailbox(server.base, email)).map((m) => m.kind)).toEqual(['ticket-confirm']);
    const mail = (await mailbox(server.base, email))[0]!;
    expect(mail.subject).toBe('Konfirmasi permintaan Anda kepada tim dukungan kami');
    expect(mail.text).toContain('/id/support/offline-form/?token=');
    const token = (await confirmToken(email))!;
    // Only the hash of the link's token is stored.
    expect(await server.db.query(`SELECT 1 FROM support_ticket_requests WHERE token_hash = $1`, [token])).toEqual([]);

    // A forged token, or the link on another storefront, opens nothing.
    const forged = token.slice(0, 42) + (token[42] === 'A' ? 'B' : 'A');
    const refused = await post(new Client(server.base), '/support/tickets/offline/confirm', { token: forged });
    expect(refused.body).toMatchObject({
      errno: Errno.TICKET_NOT_FOUND,
      errmsg:
        'Tautan ini tidak berlaku lagi: sudah digunakan atau kedaluwarsa. Jika Anda belum menerima nomor ' +
        'permintaan melalui email, kirim formulir lagi.',
    });
    expect(
      (
        await new Client(server.base).call('/api/de/support/tickets/offline/confirm', {
          method: 'POST',
          json: { token },
        })
      ).body.errno,
    ).toBe(Errno.TICKET_NOT_FOUND);
    expect(
      (await post(new Client(server.base), '/support/tickets/offline/confirm', { token: 'short' })).body.errno,
    ).toBe(Errno.TICKET_NOT_FOUND);
    expect(await tickets()).toBe(0);

    // Followed six times at once, the link opens exactly one ticket; followed again later, it is used up.
    const follows = await Promise.all(
      Array.from({ length: 6 }, () => post(new Client(server.base), '/support/tickets/offline/confirm', { token })),
    );
    expect(follows.every((r) => r.status < 500)).toBe(true);
    const opened = follows.filter((r) => r.body.errno === 0);
    expect(opened).toHaveLength(1);
    expect(follows.filter((r) => r.body.errno === Errno.TICKET_NOT_FOUND)).toHaveLength(5);
    const ticket = opened[0]!.body.data.ticket;
    expect(ticket).toMatchObject({
      kind: 'ticket',
      status: 'open',
      email,
      name: 'Siti Rahma',
      number: `T${ticket.id}`,
    });
    expect(opened[0]!.body.data.messages).toEqual([expect.objectContaining({ author: 'customer', body: form.text })]);
    // The page may show the thread at once: the answer carries a link token of the ticket.
    expect(
      (await new Client(server.base).call(`/api/id/support/tickets/detail?token=${opened[0]!.body.data.token}`)).body
        .data.ticket.id,
    ).toBe(ticket.id);
    expect(await tickets()).toBe(1);
    expect((await queued()).length).toBe(1);
    expect((await post(new Client(server.base), '/support/tickets/offline/confirm', { token })).body.errno).toBe(
      Errno.TICKET_NOT_FOUND,
    );
    expect(
      (await mailbox(server.base, email)).some((m) => m.kind === 'ticket-received' && m.text.includes(ticket.number)),
    ).toBe(true);

    // A link past its 24 hours opens nothing.
    const late = `late${Date.now()}@example.com`;
    await post(new Client(server.base), '/support/tickets/offline', { ...form, email: late });
    const lateToken = (await confirmToken(late))!;
    await server.db.query(
      `UPDATE support_ticket_requests SET expires_at = now() - interval '1 minute' WHERE email = $1`,
      [late],
    );
    expect(
      (await post(new Client(server.base), '/support/tickets/offline/confirm', { token: lateToken })).body.errno,
    ).toBe(Errno.TICKET_NOT_FOUND);
    expect(
      (
        await server.db.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM support_ticket_requests WHERE email = $1`,
          [late],
        )
      )[0]!.n,
    ).toBe(1);
    expect(
      (
        await server.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM support_tickets WHERE email = $1`, [late])
      )[0]!.n,
    ).toBe(0);
    // A day past its expiry the held request is deleted by the maintenance job.
    await server.db.query(
      `UPDATE support_ticket_requests SET expires_at = now() - interval '25 hours' WHERE email = $1`,
      [late],
    );
    await server.app.repos.supportTickets.pruneRequests();
    expect(
      (
        await server.db.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM support_ticket_requests WHERE email = $1`,
          [late],
        )
      )[0]!.n,
    ).toBe(0);
  });

  it('offline form cannot flood an inbox: confirmations capped per address-hour, 10/hour/client', async () => {
    const victim = `victim${Date.now()}@example.com`;
    const form = { name: 'Flood', email: victim, requestType: 'other', text: 'Please call me back about nothing.' };
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => post(new Client(server.base), '/support/tickets/offline', form)),
    );
    // The form answers alike (the cap is not an oracle of who else wrote), but only 5 mails go to the address.
    expect(answers.every((r) => r.body.errno === 0)).toBe(true);
    expect((await mailbox(server.base, victim)).filter((m) => m.kind === 'ticket-confirm')).toHaveLength(5);
    expect(
      (
        await server.db.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM support_ticket_requests WHERE email = $1`,
          [victim],
        )
      )[0]!.n,
    ).toBe(5);

    const one = new Client(server.base);
    const codes: number[] = [];
    for (let i = 0; i < 11; i++)
      codes.push((await post(one, '/support/tickets/offline', { ...form, email: `n${i}-${victim}` })).status);
    expect(codes.slice(0, 10).every((c) => c === 200)).toBe(true);
    expect(codes[10]).toBe(429);
  });

  it("a signed-in user's ticket: in their area, answers as messages, 3 months past feedback, private", async () => {
    const u = await quickShopper(server);
    const created = (
      await offlineTicket(u.client, {
        name: 'Budi',
        email: u.email,
        requestType: 'order',
        text: 'Please change my delivery address.',
      })
    ).body.data.ticket;
    expect((await u.client.call('/api/id/support/tickets/mine')).body.data.tickets.map((t: any) => t.id)).toEqual([
      created.id,
    ]);
    expect((await u.client.call(`/api/id/support/tickets/detail?id=${created.number}`)).body.data.ticket.id).toBe(
      created.id,
    );
    const other = await quickShopper(server);
    expect((await other.client.call(`/api/id/support/tickets/detail?id=${created.id}`)).body.errno).toBe(
      Errno.TICKET_NOT_FOUND,
    );
    expect((await post(other.client, '/support/tickets/reply', { id: created.id, text: 'hijack' })).body.errno).toBe(
      Errno.TICKET_NOT_FOUND,
    );
    expect((await post(other.client, '/support/tickets/feedback', { id: created.id, resolved: true })).body.errno).toBe(
      Errno.TICKET_NOT_FOUND,
    );
    expect((await other.client.call('/api/id/support/tickets/mine')).body.data.tickets).toEqual([]);

    const s = await staffMember(server);
    await post(s.client, '/staff/tickets/reply', { id: created.id, text: 'Done: the new address is on the order.' });
    const inbox = await server.db.query<{ kind: string; title: string; body: string; link: string }>(
      `SELECT kind, title, body, link FROM messages WHERE user_id = $1 ORDER BY id`,
      [u.userId],
    );
    expect(inbox.at(-1)).toEqual({
      kind: 'ticket',
      title: `Jawaban baru untuk permintaan ${created.number}`,
      body: 'Done: the new address is on the order.',
      link: `/id/support/ticket/?id=${created.id}`,
    });
    // The account holder also gets the answer by mail, unless they turned ticket mails off.
    expect((await mailbox(server.base, u.email)).filter((m) => m.kind === 'ticket-reply')).toHaveLength(1);
    expect(
      (
        await u.client.call('/api/id/notification/preferences', {
          method: 'POST',
          json: { prefs: [{ kind: 'ticket', mail: false, message: true }] },
        })
      ).body.errno,
    ).toBe(0);
    await post(s.client, '/staff/tickets/reply', { id: created.id, text: 'One more thing: it ships tomorrow.' });
    expect((await mailbox(server.base, u.email)).filter((m) => m.kind === 'ticket-reply')).toHaveLength(1);
    // Staff can raise the escalation level by hand.
    expect(
      (await post(s.client, '/staff/tickets/update', { id: created.id, escalationLevel: 2 })).body.data.ticket
        .escalation_level,
    ).toBe(2);
    expect((await post(s.client, '/staff/tickets/update', { id: created.id, escalationLevel: 7 })).body.errno).toBe(
      Errno.INVALID_PARAM,
    );
    await post(s.client, '/staff/tickets/update', { id: created.id, status: 'resolved' });
    const fb = (await post(u.client, '/support/tickets/feedback', { id: created.id, resolved: true })).body.data.ticket;
    expect(fb).toMatchObject({ status: 'closed', feedback: 'resolved' });
    expect(fb.visible_until - fb.completed_at).toBeGreaterThan(88 * 86_400_000);
    // Two months on it is still shown; past three months it is gone, by id and by list.
    await server.db.query(
      `UPDATE support_tickets SET completed_at = now() - interval '2 months' WHERE id = $1::bigint`,
      [created.id],
    );
    expect((await u.client.call('/api/id/support/tickets/mine')).body.data.tickets).toHaveLength(1);
    expect((await post(u.client, '/support/tickets/reopen', { id: created.id })).body.data.ticket.status).toBe(
      'reopened',
    );
    await server.db.query(
      `UPDATE support_tickets SET status = 'closed', completed_at = now() - interval '3 months 1 day'
        WHERE id = $1::bigint`,
      [created.id],
    );
    expect((await u.client.call('/api/id/support/tickets/mine')).body.data.tickets).toEqual([]);
    expect((await u.client.call(`/api/id/support/tickets/detail?id=${created.id}`)).body.errno).toBe(
      Errno.TICKET_NOT_FOUND,
    );
    // Staff still find it (their records are not limited to the customer's window).
    expect((await s.client.call(`/api/id/staff/tickets/detail?id=${created.id}`)).body.data.ticket.id).toBe(created.id);
  });

  it('grievances: signed-in, ≤ 1500 chars, 48-hour deadline, escalated after 12 silent hours, history', async () => {
    const u = await quickShopper(server);
    const file = (c: Client, body: Record<string, unknown>, urlLocal = 'in') =>
      c.call(`/api/${urlLocal}/support/grievances`, { method: 'POST', json: body });
    expect(
      (await file(new Client(server.base), { category: 'refund', text: 'Refund still missing after 20 days.' })).body
        .errno,
    ).toBe(Errno.NOT_LOGGED_IN);
    expect((await file(u.client, { category: 'refund', text: 'x'.repeat(1501) })).body).toMatchObject({
      errno: Errno.SUPPORT_FORM_INVALID,
      data: { fields: { text: 'long' } },
    });
    expect(
      (await file(u.client, { category: 'weather', text: 'Refund still missing after 20 days.' })).body.data.fields,
    ).toEqual({ category: 'unknown' });
    const created = await file(u.client, { category: 'refund', text: 'x'.repeat(1500), orderId: '5100000001' });
    expect(created.body.errno).toBe(0);
    const g = created.body.data.ticket;
    expect(g).toMatchObject({
      kind: 'grievance',
      request_type: 'refund',
      status: 'open',
      order_id: '5100000001',
      email: u.email,
    });
    expect(g.due_at - g.created_at).toBe(48 * 3_600_000);
    expect(
      (await mailbox(server.base, u.email)).some((m) => m.kind === 'grievance-received' && m.text.includes(g.number)),
    ).toBe(true);
    const second = (await file(u.client, { category: 'staff', text: 'The service desk was rude to me today.' })).body
      .data.ticket;

    const tickets = server.app.repos.supportTickets;
    expect(await tickets.escalateOverdue()).toEqual([]);
    const age = (id: string, hours: number) =>
      server.db.query(
        `UPDATE support_tickets SET created_at = now() - make_interval(hours => $2),
          last_customer_at = now() - make_interval(hours => $2) WHERE id = $1::bigint`,
        [id, hours],
      );
    await age(g.id, 11);
    expect(await tickets.escalateOverdue()).toEqual([]);
    await age(g.id, 13);
    await age(second.id, 13);
    // Staff answered the second one: it is not waiting, so it is not escalated.
    const s = await staffMember(server);
    await s.client.call('/api/in/staff/tickets/reply', {
      method: 'POST',
      json: { id: second.id, text: 'We are sorry; the manager will call you.' },
    });
    expect(await tickets.escalateOverdue()).toEqual([g.id]);
    expect(await tickets.escalateOverdue()).toEqual([]); // idempotent
    await age(g.id, 25);
    expect(await tickets.escalateOverdue()).toEqual([g.id]);
    const history = (await u.client.call('/api/in/support/tickets/mine?kind=grievance')).body.data.tickets;
    expect(history.map((t: any) => [t.id, t.escalation_level])).toEqual([
      [second.id, 0],
      [g.id, 2],
    ]);
    // Grievances come first in the staff queue by escalation.
    expect((await s.client.call('/api/in/staff/tickets?kind=grievance')).body.data.tickets[0].id).toBe(g.id);
    // Tickets are per country: the /id list does not show /in grievances.
    expect((await u.client.call('/api/id/support/tickets/mine?kind=grievance')).body.data.tickets).toEqual([]);
  });
});
