-- Returns: an after-sales request of kind 'return' names lines of one delivered order and how many units of each go
-- back (return_lines), with a reason and photos. Staff schedule the pick-up, record it, then accept (the lines' share
-- of what was paid is refunded and their stock comes back) or refuse (the goods ship back to the shopper by a date,
-- with carrier and tracking). The order's timeline records each step (order_events).

-- A return is not a repair: no device id or issue text is required, the reason and lines say what it is.
ALTER TABLE service_requests DROP CONSTRAINT service_requests_check;
ALTER TABLE service_requests ADD CONSTRAINT service_requests_device_check
  CHECK (kind = 'return' OR imei IS NOT NULL OR serial IS NOT NULL);
ALTER TABLE service_requests DROP CONSTRAINT service_requests_description_check;
ALTER TABLE service_requests ADD CONSTRAINT service_requests_description_check
  CHECK (char_length(description) BETWEEN 6 AND 300 OR (kind = 'return' AND char_length(description) <= 300));
-- Two more states for returns: the pick-up is scheduled; refused, the goods wait to ship back.
ALTER TABLE service_requests DROP CONSTRAINT service_requests_state_check;
ALTER TABLE service_requests ADD CONSTRAINT service_requests_state_check CHECK (state IN (
  'submitted', 'pickup_scheduled', 'received', 'diagnosing', 'repairing', 'repaired', 'shipped_back', 'completed',
  'refused', 'rejected', 'cancelled'));
-- Several returns may name one product (each for some of its units); the quantities are what bound them.
DROP INDEX service_requests_open_idx;
CREATE UNIQUE INDEX service_requests_open_idx ON service_requests (order_id, commodity_id)
  WHERE state NOT IN ('completed', 'rejected', 'cancelled') AND kind <> 'return';

ALTER TABLE service_requests
  ADD COLUMN return_reason      text,
  ADD COLUMN pickup_by          date,          -- the pick-up promise: the last day it may be scheduled on
  ADD COLUMN pickup_on          date,
  ADD COLUMN picked_up_at       timestamptz,
  ADD COLUMN assessed_at        timestamptz,
  ADD COLUMN assessed_by        integer REFERENCES users (id) ON DELETE SET NULL,
  ADD COLUMN refusal_reason     text CHECK (char_length(refusal_reason) BETWEEN 1 AND 500),
  ADD COLUMN ship_back_by       timestamptz,
  ADD COLUMN ship_back_carrier  text CHECK (ship_back_carrier ~ '^[a-z0-9-]{2,40}$'),
  ADD COLUMN ship_back_tracking text CHECK (ship_back_tracking ~ '^[A-Za-z0-9-]{4,40}$'),
  ADD COLUMN shipped_back_at    timestamptz,
  ADD COLUMN refund_amount      bigint CHECK (refund_amount >= 0),
  ADD COLUMN refunded_at        timestamptz,
  ADD CONSTRAINT service_requests_return_check CHECK (kind <> 'return' OR (return_reason IS NOT NULL AND pickup_by IS NOT NULL));

CREATE TABLE return_lines (
  request_id bigint NOT NULL REFERENCES service_requests (id) ON DELETE CASCADE,
  order_id   bigint NOT NULL,
  line_no    integer NOT NULL,
  quantity   integer NOT NULL CHECK (quantity > 0),
  PRIMARY KEY (request_id, line_no),
  FOREIGN KEY (order_id, line_no) REFERENCES order_lines (order_id, line_no) ON DELETE CASCADE
);
CREATE INDEX return_lines_order_idx ON return_lines (order_id, line_no);

-- The ledger learns a new cause: units of an accepted return put back on the shelf.
ALTER TABLE stock_movements DROP CONSTRAINT stock_movements_reason_check;
ALTER TABLE stock_movements ADD CONSTRAINT stock_movements_reason_check
  CHECK (reason IN ('snapshot start', 'sale', 'cancellation', 'set', 'adjustment', 'return'));
