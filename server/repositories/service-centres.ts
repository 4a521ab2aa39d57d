import type { Database, Queryable } from '../db/types';
import {
  bookingProblem,
  changeProblem,
  slotsOfDay,
  type BookingProblem,
  type BookingRules,
  type CentreSlots,
  type DayHours,
} from '../support/appointment-rules';

export interface CentreRow {
  id: string;
  local: string;
  name: string;
  city: string;
  address: string;
  postal_code: string | null;
  phone: string;
  email: string | null;
  latitude: number;
  longitude: number;
  services: string[];
  slot_minutes: number;
  capacity: number;
  hours: Record<'mon' | 'tue' | 'wed' | 'thu' | 'fri' | 'sat' | 'sun', DayHours>;
  timezone: string;
}

export type AppointmentState = 'confirmed' | 'cancelled' | 'completed' | 'no_show';

export interface AppointmentRow {
  id: string;
  user_id: number;
  local: string;
  url_local: string;
  centre_id: string;
  centre_name: string;
  centre_city: string;
  centre_address: string;
  timezone: string;
  service: string;
  slot_start: Date;
  slot_end: Date;
  note: string | null;
  state: AppointmentState;
  cancelled_by: 'customer' | 'staff' | null;
  rescheduled: number;
  created_at: Date;
  closed_at: Date | null;
  /** For staff lists. */
  customer_email: string;
  customer_name: string | null;
}

export const centreSlots = (c: CentreRow): CentreSlots => ({
  timezone: c.timezone,
  slotMinutes: c.slot_minutes,
  capacity: c.capacity,
  hours: c.hours,
  services: c.services,
});

const CENTRE_COLUMNS =
  `id, local, name, city, address, postal_code, phone, email, latitude, longitude, services, slot_minutes, ` +
  `capacity, hours, timezone`;
const APPT_COLUMNS = `a.id::text AS id, a.user_id, a.local, a.url_local, a.centre_id, c.name AS centre_name,
  c.city AS centre_city, c.address AS centre_address, c.timezone,
  a.service, a.slot_start, a.slot_end, a.note, a.state, a.cancelled_by, a.rescheduled, a.created_at, a.closed_at,
  u.email AS customer_email, u.nickname AS customer_name`;
const APPT_FROM = `FROM appointments a JOIN service_centres c ON c.id = a.centre_id JOIN users u ON u.id = a.user_id`;

export type BookResult =
  | { ok: true; appointment: AppointmentRow }
  | { ok: false; reason: 'centre' | 'full' | 'already_booked' | BookingProblem };
export type ChangeResult =
  | { ok: true; appointment: AppointmentRow }
  | {
      ok: false;
      reason: 'not_found' | 'state' | 'begun' | 'cutoff' | 'centre' | 'full' | 'already_booked' | BookingProblem;
    };

/**
 * Service centres (from the snapshot) and appointments. A slot holds at most the centre's capacity:
 * booking takes a place with one conditional upsert on appointment_slots in the booking's transaction, so parallel
 * bookings never pass it; cancelling gives the place back.
 */
export function serviceCentresRepository(db: Database) {
  async function appointment(q: Queryable, where: string, params: unknown[]): Promise<AppointmentRow | null> {
    return (await q.query<AppointmentRow>(`SELECT ${APPT_COLUMNS} ${APPT_FROM} WHERE ${where}`, params))[0] ?? null;
  }
  /** Takes one place of a slot, or false when it is full. */
  async function takePlace(q: Queryable, centre: CentreRow, start: Date): Promise<boolean> {
    const rows = await q.query(
      `INSERT INTO appointment_slots (centre_id, slot_start, booked) VALUES ($1, $2, 1)
       ON CONFLICT (centre_id, slot_start) DO UPDATE SET booked = appointment_slots.booked + 1
       WHERE appointment_slots.booked < $3
       RETURNING booked`,
      [centre.id, start.toISOString(), centre.capacity],
    );
    return rows.length === 1;
  }
  async function givePlace(q: Queryable, centreId: string, start: Date): Promise<void> {
    await q.query(
      `UPDATE appointment_slots SET booked = booked - 1 WHERE centre_id = $1 AND slot_start = $2 AND booked > 0`,
      [centreId, new Date(start).toISOString()],
    );
  }
  /** The customer's upcoming confirmed appointment for the same service at the same centre ("already booked"). */
  async function holdsSame(
    q: Queryable,
    userId: number,
    centreId: string,
    service: string,
    exceptId: string | null,
  ): Promise<boolean> {
    const rows = await q.query(
      `SELECT 1 FROM appointments WHERE user_id = $1 AND centre_id = $2 AND service = $3 AND state = 'confirmed'
         AND slot_start > now() AND ($4::bigint IS NULL OR id <> $4::bigint) LIMIT 1`,
      [userId, centreId, service, exceptId],
    );
    return rows.length > 0;
  }

  const repo = {
    async rules(local: string, q: Queryable = db): Promise<BookingRules | null> {
      const row = (
        await q.query<{ change_cutoff_hours: number; min_lead_minutes: number; booking_horizon_days: number }>(
          `SELECT change_cutoff_hours, min_lead_minutes, booking_horizon_days FROM service_booking_rules
           WHERE local = $1`,
          [local],
        )
      )[0];
      return row
        ? {
            changeCutoffHours: row.change_cutoff_hours,
            minLeadMinutes: row.min_lead_minutes,
            bookingHorizonDays: row.booking_horizon_days,
          }
        : null;
    },

    /** The active centres of a country, optionally of one city (case-insensitive). */
    async centres(local: string, city: string | null = null): Promise<CentreRow[]> {
      return db.query<CentreRow>(
        `SELECT ${CENTRE_COLUMNS} FROM service_centres WHERE local = $1 AND active AND ($2::text IS NULL
           OR lower(city) = lower($2)) ORDER BY position`,
        [local, city],
      );
    },

    async centre(local: string, id: string, q: Queryable = db): Promise<CentreRow | null> {
      return (
        (
          await q.query<CentreRow>(
            `SELECT ${CENTRE_COLUMNS} FROM service_centres WHERE local = $1 AND id = $2 AND active`,
            [local, id],
          )
        )[0] ?? null
      );
    },

    /** The slots of a centre on a local date with the places left in each. */
    async slots(centre: CentreRow, date: string): Promise<{ start: Date; end: Date; left: number }[]> {
      const slots = slotsOfDay(centreSlots(centre), date);
      if (slots.length === 0) return [];
      const booked = await db.query<{ slot_start: Date; booked: number }>(
        `SELECT slot_start, booked FROM appointment_slots WHERE centre_id = $1 AND slot_start >= $2
           AND slot_start <= $3`,
        [centre.id, slots[0]!.start.toISOString(), slots[slots.length - 1]!.start.toISOString()],
      );
      const taken = new Map(booked.map((b) => [new Date(b.slot_start).getTime(), b.booked]));
      return slots.map((s) => ({ ...s, left: Math.max(0, centre.capacity - (taken.get(s.start.getTime()) ?? 0)) }));
    },

    /**
     * Books a slot for the customer: the rules, then one place of the slot, then the appointment, in one transaction.
     */
    async book(
      q: Queryable,
      input: {
        userId: number;
        local: string;
        urlLocal: string;
        centreId: string;
        service: string;
        start: Date;
        note: string | null;
      },
      now = new Date(),
    ): Promise<BookResult> {
      // Inside the caller's transaction: PGlite has one connection, so a query beside it would wait forever.
      const centre = await repo.centre(input.local, input.centreId, q);
      const rules = await repo.rules(input.local, q);
      if (!centre || !rules) return { ok: false, reason: 'centre' };
      const problem = bookingProblem(centreSlots(centre), rules, input.service, input.start, now);
      if (problem) return { ok: false, reason: problem };
      // One booking of a customer at a time: "already booked" is decided without a race.
      await q.query(`SELECT pg_advisory_xact_lock(72410140, $1)`, [input.userId]);
      if (await holdsSame(q, input.userId, centre.id, input.service, null))
        return { ok: false, reason: 'already_booked' };
      const clash = await q.query(
        `SELECT 1 FROM appointments WHERE user_id = $1 AND slot_start = $2 AND state = 'confirmed'`,
        [input.userId, input.start.toISOString()],
      );
      if (clash.length > 0) return { ok: false, reason: 'already_booked' };
      if (!(await takePlace(q, centre, input.start))) return { ok: false, reason: 'full' };
      const end = new Date(input.start.getTime() + centre.slot_minutes * 60_000);
      const row = (
        await q.query<{ id: string }>(
          `INSERT INTO appointments (user_id, local, url_local, centre_id, service, slot_start, slot_end, note, state)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 'confirmed') RETURNING id::text AS id`,
          [
            input.userId,
            input.local,
            input.urlLocal,
            centre.id,
            input.service,
            input.start.toISOString(),
            end.toISOString(),
            input.note,
          ],
        )
      )[0]!;
      return { ok: true, appointment: (await appointment(q, 'a.id = $1::bigint', [row.id]))! };
    },

    /** The customer's appointments in a country, upcoming first then the past ones. */
    async listOfUser(userId: number, local: string): Promise<AppointmentRow[]> {
      return db.query<AppointmentRow>(
        `SELECT ${APPT_COLUMNS} ${APPT_FROM} WHERE a.user_id = $1 AND a.local = $2
         ORDER BY (a.state = 'confirmed' AND a.slot_end > now()) DESC,
           CASE WHEN a.state = 'confirmed' AND a.slot_end > now() THEN a.slot_start END ASC, a.slot_start DESC
         LIMIT 100`,
        [userId, local],
      );
    },

    /** The customer cancels: only a confirmed appointment, not in the past and not inside the cut-off. */
    async cancel(q: Queryable, userId: number, local: string, id: string, now = new Date()): Promise<ChangeResult> {
      const found = await appointment(q, 'a.id = $1::bigint AND a.user_id = $2 AND a.local = $3 FOR UPDATE OF a', [
        id,
        userId,
        local,
      ]);
      if (!found) return { ok: false, reason: 'not_found' };
      if (found.state !== 'confirmed') return { ok: false, reason: 'state' };
      const rules = await repo.rules(local, q);
      const problem = rules ? changeProblem(new Date(found.slot_start), rules, now) : 'cutoff';
      if (problem) return { ok: false, reason: problem === 'past' ? 'begun' : problem };
      await q.query(
        `UPDATE appointments SET state = 'cancelled', cancelled_by = 'customer', closed_at = now(), updated_at = now()
         WHERE id = $1::bigint`,
        [id],
      );
      await givePlace(q, found.centre_id, found.slot_start);
      return { ok: true, appointment: (await appointment(q, 'a.id = $1::bigint', [id]))! };
    },

    /** The customer moves a confirmed appointment to another slot of the same centre (the same rules as booking). */
    async reschedule(
      q: Queryable,
      userId: number,
      local: string,
      id: string,
      start: Date,
      now = new Date(),
    ): Promise<ChangeResult> {
      const found = await appointment(q, 'a.id = $1::bigint AND a.user_id = $2 AND a.local = $3 FOR UPDATE OF a', [
        id,
        userId,
        local,
      ]);
      if (!found) return { ok: false, reason: 'not_found' };
      if (found.state !== 'confirmed') return { ok: false, reason: 'state' };
      const rules = await repo.rules(local, q);
      const centre = await repo.centre(local, found.centre_id, q);
      if (!rules || !centre) return { ok: false, reason: 'centre' };
      const late = changeProblem(new Date(found.slot_start), rules, now);
      if (late) return { ok: false, reason: late === 'past' ? 'begun' : late };
      const problem = bookingProblem(centreSlots(centre), rules, found.service, start, now);
      if (problem) return { ok: false, reason: problem };
      if (start.getTime() === new Date(found.slot_start).getTime()) return { ok: true, appointment: found };
      await q.query(`SELECT pg_advisory_xact_lock(72410140, $1)`, [userId]);
      const clash = await q.query(
        `SELECT 1 FROM appointments WHERE user_id = $1 AND slot_start = $2 AND state = 'confirmed'
           AND id <> $3::bigint`,
        [userId, start.toISOString(), id],
      );
      if (clash.length > 0) return { ok: false, reason: 'already_booked' };
      if (!(await takePlace(q, centre, start))) return { ok: false, reason: 'full' };
      await q.query(
        `UPDATE appointments SET slot_start = $2, slot_end = $3, rescheduled = rescheduled + 1, updated_at = now()
         WHERE id = $1::bigint`,
        [id, start.toISOString(), new Date(start.getTime() + centre.slot_minutes * 60_000).toISOString()],
      );
      await givePlace(q, found.centre_id, found.slot_start);
      return { ok: true, appointment: (await appointment(q, 'a.id = $1::bigint', [id]))! };
    },

    /** Staff's day of a centre (or every centre of the country) in local dates. */
    async staffList(
      local: string,
      filter: { centreId: string | null; date: string | null; state: AppointmentState | null },
    ): Promise<AppointmentRow[]> {
      return db.query<AppointmentRow>(
        `SELECT ${APPT_COLUMNS} ${APPT_FROM}
         WHERE a.local = $1 AND ($2::text IS NULL OR a.centre_id = $2)
           AND ($3::date IS NULL OR (a.slot_start AT TIME ZONE c.timezone)::date = $3::date)
           AND ($4::text IS NULL OR a.state = $4)
         ORDER BY a.slot_start, a.id LIMIT 500`,
        [local, filter.centreId, filter.date, filter.state],
      );
    },

    /** Staff close an appointment: completed or no-show once it has started, cancelled while it is ahead. */
    async staffSetState(
      q: Queryable,
      local: string,
      id: string,
      state: 'completed' | 'no_show' | 'cancelled',
      now = new Date(),
    ): Promise<ChangeResult> {
      const found = await appointment(q, 'a.id = $1::bigint AND a.local = $2 FOR UPDATE OF a', [id, local]);
      if (!found) return { ok: false, reason: 'not_found' };
      if (found.state !== 'confirmed') return { ok: false, reason: 'state' };
      const started = new Date(found.slot_start).getTime() <= now.getTime();
      if (state !== 'cancelled' && !started) return { ok: false, reason: 'state' };
      await q.query(
        `UPDATE appointments SET state = $2, cancelled_by = CASE WHEN $2 = 'cancelled' THEN 'staff' END,
           closed_at = now(), updated_at = now() WHERE id = $1::bigint`,
        [id, state],
      );
      if (state === 'cancelled') await givePlace(q, found.centre_id, found.slot_start);
      return { ok: true, appointment: (await appointment(q, 'a.id = $1::bigint', [id]))! };
    },
  };
  return repo;
}

export type ServiceCentresRepository = ReturnType<typeof serviceCentresRepository>;
