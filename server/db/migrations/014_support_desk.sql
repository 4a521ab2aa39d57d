-- Support desk: service centres with appointment slots, and support tickets with their
-- grievances (complaints). Centres come from the content snapshot (support/service-centres.json); appointments and
-- tickets are the customers'.

-- A country's booking rules (the snapshot's numbers: change cut-off, lead time, horizon).
CREATE TABLE service_booking_rules (
  local                text PRIMARY KEY,
  change_cutoff_hours  integer NOT NULL CHECK (change_cutoff_hours >= 0),
  min_lead_minutes     integer NOT NULL CHECK (min_lead_minutes >= 0),
  booking_horizon_days integer NOT NULL CHECK (booking_horizon_days > 0)
);

-- Centres are never deleted by a reseed (appointments point at them): one dropped from the snapshot is inactive.
CREATE TABLE service_centres (
  id           text PRIMARY KEY,
  local        text NOT NULL,
  name         text NOT NULL,
  city         text NOT NULL,
  address      text NOT NULL,
  postal_code  text,
  phone        text NOT NULL,
  email        text,
  latitude     double precision NOT NULL,
  longitude    double precision NOT NULL,
  services     text[] NOT NULL,
  slot_minutes integer NOT NULL CHECK (slot_minutes > 0),
  capacity     integer NOT NULL CHECK (capacity > 0),
  hours        jsonb NOT NULL,                 -- {mon: {open, close} | null, …} in the centre's local time
  timezone     text NOT NULL,                  -- IANA zone of the country (region-config dayjsTimezone)
  position     integer NOT NULL,
  active       boolean NOT NULL DEFAULT true
);
CREATE INDEX service_centres_local_idx ON service_centres (local, position) WHERE active;

-- How many confirmed appointments each slot holds. Booking is one conditional upsert on this row
-- (booked < capacity), so parallel bookings never pass the capacity.
CREATE TABLE appointment_slots (
  centre_id  text NOT NULL REFERENCES service_centres (id),
  slot_start timestamptz NOT NULL,
  booked     integer NOT NULL CHECK (booked >= 0),
  PRIMARY KEY (centre_id, slot_start)
);

CREATE SEQUENCE appointment_numbers START WITH 6100000001;

-- Service booking: confirmed → completed | no_show (staff) | cancelled (customer or staff).
CREATE TABLE appointments (
  id           bigint PRIMARY KEY DEFAULT nextval('appointment_numbers'),
  user_id      integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  local        text NOT NULL,
  url_local    text NOT NULL,
  centre_id    text NOT NULL REFERENCES service_centres (id),
  service      text NOT NULL,
  slot_start   timestamptz NOT NULL,
  slot_end     timestamptz NOT NULL,
  note         text,
  state        text NOT NULL CHECK (state IN ('confirmed', 'cancelled', 'completed', 'no_show')),
  cancelled_by text CHECK (cancelled_by IN ('customer', 'staff')),
  rescheduled  integer NOT NULL DEFAULT 0,
  created_at   timestamptz NOT NULL DEFAULT now(),
  updated_at   timestamptz NOT NULL DEFAULT now(),
  closed_at    timestamptz
);
CREATE INDEX appointments_user_idx ON appointments (user_id, slot_start DESC);
CREATE INDEX appointments_centre_idx ON appointments (centre_id, slot_start);
-- One person cannot be in two places at once: one confirmed appointment per customer and start time.
CREATE UNIQUE INDEX appointments_one_per_time_idx ON appointments (user_id, slot_start) WHERE state = 'confirmed';

CREATE SEQUENCE ticket_numbers START WITH 8100000001;

-- Ticket states: open → in_progress → resolved → closed (feedback "resolved") | not_solved (feedback "not
-- solved"); resolved or not_solved → reopened by the customer. Grievances are tickets with a response deadline.
CREATE TABLE support_tickets (
  id               bigint PRIMARY KEY DEFAULT nextval('ticket_numbers'),
  local            text NOT NULL,
  url_local        text NOT NULL,
  user_id          integer REFERENCES users (id) ON DELETE CASCADE,   -- null: a visitor, who reads it by token
  kind             text NOT NULL CHECK (kind IN ('ticket', 'grievance')),
  request_type     text NOT NULL,
  name             text NOT NULL,
  email            text NOT NULL,
  order_id         text,
  status           text NOT NULL CHECK (status IN ('open', 'in_progress', 'resolved', 'closed', 'reopened', 'not_solved')),
  escalation_level integer NOT NULL DEFAULT 0 CHECK (escalation_level BETWEEN 0 AND 3),
  feedback         text CHECK (feedback IN ('resolved', 'not_solved')),
  feedback_at      timestamptz,
  -- The customer waits for staff since last_customer_at when last_staff_at is older (or null).
  last_customer_at timestamptz NOT NULL DEFAULT now(),
  last_staff_at    timestamptz,
  first_response_at timestamptz,
  due_at           timestamptz,                -- grievances: the response deadline
  escalated_at     timestamptz,
  completed_at     timestamptz,                -- shown to the customer for 3 months after this
  created_at       timestamptz NOT NULL DEFAULT now(),
  updated_at       timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX support_tickets_user_idx ON support_tickets (user_id, id DESC) WHERE user_id IS NOT NULL;
CREATE INDEX support_tickets_queue_idx ON support_tickets (local, status, id DESC);
CREATE INDEX support_tickets_waiting_idx ON support_tickets (last_customer_at) WHERE kind = 'grievance' AND status IN ('open', 'in_progress', 'reopened');

-- Links in mails carry a random token; only its hash is kept. Each mail gets its own, all valid for the ticket.
CREATE TABLE support_ticket_tokens (
  token_hash text PRIMARY KEY,
  ticket_id  bigint NOT NULL REFERENCES support_tickets (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE support_ticket_messages (
  id            bigserial PRIMARY KEY,
  ticket_id     bigint NOT NULL REFERENCES support_tickets (id) ON DELETE CASCADE,
  author        text NOT NULL CHECK (author IN ('customer', 'staff')),
  staff_user_id integer REFERENCES users (id) ON DELETE SET NULL,
  body          text NOT NULL,
  created_at    timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX support_ticket_messages_ticket_idx ON support_ticket_messages (ticket_id, id);
