-- After-sales: proof-of-purchase uploads and repair / return / exchange requests with their schedule.

-- Uploaded files live in the database (both drivers, every process), never under public/; only their owner (and
-- staff) can read them. An upload not attached to a request within a day is deleted.
CREATE TABLE uploads (
  id            uuid PRIMARY KEY,
  user_id       integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  file_name     text NOT NULL,
  content_type  text NOT NULL CHECK (content_type IN ('image/jpeg', 'image/png', 'application/pdf')),
  size          integer NOT NULL CHECK (size > 0 AND size < 10485760),
  bytes         bytea NOT NULL,
  request_id    bigint,
  created_at    timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX uploads_user_idx ON uploads (user_id, created_at);
CREATE INDEX uploads_request_idx ON uploads (request_id);

CREATE TABLE service_requests (
  id             bigserial PRIMARY KEY,
  request_no     text NOT NULL UNIQUE,
  user_id        integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  local          text NOT NULL,
  url_local      text NOT NULL,
  order_id       bigint NOT NULL REFERENCES orders (id),
  commodity_id   text NOT NULL,
  product_id     text NOT NULL,
  product_name   text NOT NULL,
  kind           text NOT NULL CHECK (kind IN ('repair', 'return', 'exchange')),
  imei           text CHECK (imei ~ '^[0-9]{15}$'),
  serial         text CHECK (serial ~ '^[A-Z0-9]{8,20}$'),
  model          text NOT NULL,
  purchase_date  date NOT NULL,
  description    text NOT NULL CHECK (char_length(description) BETWEEN 6 AND 300),
  state          text NOT NULL CHECK (state IN ('submitted', 'received', 'diagnosing', 'repairing', 'repaired', 'shipped_back', 'completed', 'rejected', 'cancelled')),
  feedback       text CHECK (feedback IS NULL OR char_length(feedback) BETWEEN 50 AND 500),
  feedback_at    timestamptz,
  created_at     timestamptz NOT NULL DEFAULT now(),
  updated_at     timestamptz NOT NULL DEFAULT now(),
  CHECK (imei IS NOT NULL OR serial IS NOT NULL)
);
CREATE INDEX service_requests_user_idx ON service_requests (user_id, id DESC);
CREATE INDEX service_requests_state_idx ON service_requests (state, updated_at);
-- One open request per product of an order (one product per request).
CREATE UNIQUE INDEX service_requests_open_idx ON service_requests (order_id, commodity_id) WHERE state NOT IN ('completed', 'rejected', 'cancelled');
ALTER TABLE uploads ADD CONSTRAINT uploads_request_fk FOREIGN KEY (request_id) REFERENCES service_requests (id) ON DELETE CASCADE;

-- The schedule a shopper follows at /support/service-progress.
CREATE TABLE service_request_events (
  id          bigserial PRIMARY KEY,
  request_id  bigint NOT NULL REFERENCES service_requests (id) ON DELETE CASCADE,
  state       text NOT NULL,
  note        text NOT NULL DEFAULT '' CHECK (char_length(note) <= 500),
  by_staff    boolean NOT NULL DEFAULT false,
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX service_request_events_idx ON service_request_events (request_id, id);

-- Live chat answered by staff: a conversation the FAQ agent could not answer waits for staff; staff
-- replies are their own sender, streamed to the shopper like the agent's.
ALTER TABLE chat_conversations ADD COLUMN needs_staff boolean NOT NULL DEFAULT false;
ALTER TABLE chat_conversations ADD COLUMN last_message_at timestamptz;
ALTER TABLE chat_messages DROP CONSTRAINT chat_messages_sender_check;
ALTER TABLE chat_messages ADD CONSTRAINT chat_messages_sender_check CHECK (sender IN ('user', 'agent', 'staff'));
CREATE INDEX chat_conversations_waiting_idx ON chat_conversations (last_message_at) WHERE needs_staff;
