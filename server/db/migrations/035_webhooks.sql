-- Signed webhooks: order events (paid, cancelled, shipped, delivered, returned, refunded) posted to the endpoints
-- staff configure (a warehouse, an ERP). The dispatcher reads the order timeline after a stored cursor and makes one
-- delivery per matching endpoint in the transaction that moves the cursor; the sender posts deliveries when due and
-- retries them with growing delays. Deliveries are the log staff read, and the queue itself.
CREATE TABLE webhook_endpoints (
  id                     bigserial PRIMARY KEY,
  url                    text NOT NULL CHECK (length(url) BETWEEN 8 AND 500),
  description            text NOT NULL DEFAULT '' CHECK (length(description) <= 200),
  -- The events it wants (at least one), and the countries (orders' local) it wants: empty means every country.
  kinds                  text[] NOT NULL CHECK (cardinality(kinds) >= 1 AND kinds <@ ARRAY[
    'paid', 'cancelled', 'shipped', 'delivered', 'returned', 'refunded']::text[]),
  countries              text[] NOT NULL DEFAULT '{}',
  active                 boolean NOT NULL DEFAULT true,
  -- The signing secret, made by the store and shown once; after a rotation the previous one still signs beside the
  -- new one for a day, so the receiver can switch without refusing deliveries.
  secret                 text NOT NULL,
  previous_secret        text,
  previous_secret_until  timestamptz,
  created_by             integer REFERENCES users (id) ON DELETE SET NULL,
  created_at             timestamptz NOT NULL DEFAULT now(),
  updated_at             timestamptz NOT NULL DEFAULT now()
);

-- How far the dispatcher has read the order timeline: one row, locked by whoever moves it.
CREATE TABLE webhook_cursor (
  id        boolean PRIMARY KEY DEFAULT true CHECK (id),
  event_id  bigint NOT NULL DEFAULT 0
);
-- Start at the present: events before the first endpoint ever existed are nobody's.
INSERT INTO webhook_cursor (event_id) SELECT coalesce(max(id), 0) FROM order_events;

-- One event to one endpoint. `body` is fixed when the delivery is made, so every attempt sends the same bytes (only
-- the timestamp and signature change). A delivery being sent is `sending` until `locked_until`: past it, the process
-- that claimed it is taken to have died and it is sent again (receivers dedupe by event id).
CREATE TABLE webhook_deliveries (
  id               bigserial PRIMARY KEY,
  endpoint_id      bigint NOT NULL REFERENCES webhook_endpoints (id) ON DELETE CASCADE,
  event_id         bigint NOT NULL REFERENCES order_events (id) ON DELETE CASCADE,
  order_id         bigint NOT NULL,
  kind             text NOT NULL,
  body             text NOT NULL,
  state            text NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'sending', 'delivered', 'failed')),
  attempts         integer NOT NULL DEFAULT 0 CHECK (attempts >= 0),
  next_attempt_at  timestamptz NOT NULL DEFAULT now(),
  claim            uuid,
  locked_until     timestamptz,
  last_attempt_at  timestamptz,
  last_status      integer,
  last_error       text CHECK (length(last_error) <= 300),
  delivered_at     timestamptz,
  created_at       timestamptz NOT NULL DEFAULT now(),
  UNIQUE (endpoint_id, event_id)
);
CREATE INDEX webhook_deliveries_due_idx ON webhook_deliveries (next_attempt_at) WHERE state IN ('pending', 'sending');
CREATE INDEX webhook_deliveries_endpoint_idx ON webhook_deliveries (endpoint_id, id DESC);
