-- The life of an order after it is placed: a review when the risk rules fire (it cannot be paid until staff clear
-- it), payment, processing in the warehouse, shipments (several for one order when its lines leave apart), delivery.
-- Every step is a row of the order's timeline (order_events) with its time and who took it; the shopper's page,
-- messages, mails and webhooks all read that one record.
ALTER TABLE orders DROP CONSTRAINT orders_state_check;
ALTER TABLE orders ADD CONSTRAINT orders_state_check CHECK (state IN (
  'in_review', 'unpaid', 'paid', 'processing', 'partially_shipped', 'shipped', 'delivered', 'cancelled'));
ALTER TABLE orders
  ADD COLUMN processing_at timestamptz,
  ADD COLUMN shipped_at    timestamptz,   -- when its last line left the warehouse
  ADD COLUMN delivered_at  timestamptz,   -- when its last shipment arrived
  -- The risk rules that put the order in review (empty when none fired).
  ADD COLUMN review_reasons text[] NOT NULL DEFAULT '{}';
CREATE INDEX orders_state_idx ON orders (local, state, created_at DESC);
-- An order in review blocks a new order, like an unpaid one.
CREATE UNIQUE INDEX orders_one_in_review_idx ON orders (user_id) WHERE state = 'in_review';

-- The order's timeline: one row per step, never updated. `actor` says who took it: the shopper, a staff member
-- ('staff:<user id>'), the warehouse (the fulfilment API), or the store itself ('system').
CREATE TABLE order_events (
  id          bigserial PRIMARY KEY,
  order_id    bigint NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
  kind        text NOT NULL CHECK (kind IN (
    'placed', 'in_review', 'review_cleared', 'paid', 'processing', 'shipped', 'delivered', 'cancelled',
    'return_requested', 'return_picked_up', 'return_accepted', 'return_refused', 'returned',
    'refund_due', 'refunded', 'refund_failed', 'invoice_issued', 'credit_note_issued')),
  detail      jsonb NOT NULL DEFAULT '{}',
  actor       text NOT NULL DEFAULT 'system' CHECK (actor ~ '^(shopper|system|warehouse|staff:[0-9]+)$'),
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX order_events_order_idx ON order_events (order_id, id);

-- A parcel that left the warehouse with some of an order's lines. `reference` is the warehouse's own id of the
-- shipment: the same reference twice is the same shipment (a retried "shipped" changes nothing).
CREATE TABLE shipments (
  id              bigserial PRIMARY KEY,
  order_id        bigint NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
  reference       text NOT NULL CHECK (length(reference) BETWEEN 1 AND 100),
  carrier         text NOT NULL CHECK (carrier ~ '^[a-z0-9-]{2,40}$'),
  tracking_number text NOT NULL CHECK (tracking_number ~ '^[A-Za-z0-9-]{4,40}$'),
  shipped_at      timestamptz NOT NULL DEFAULT now(),
  delivered_at    timestamptz,
  UNIQUE (order_id, reference)
);
CREATE TABLE shipment_lines (
  shipment_id bigint NOT NULL REFERENCES shipments (id) ON DELETE CASCADE,
  order_id    bigint NOT NULL,
  line_no     integer NOT NULL,
  quantity    integer NOT NULL CHECK (quantity > 0),
  PRIMARY KEY (shipment_id, line_no),
  FOREIGN KEY (order_id, line_no) REFERENCES order_lines (order_id, line_no) ON DELETE CASCADE
);
CREATE INDEX shipment_lines_order_idx ON shipment_lines (order_id, line_no);
