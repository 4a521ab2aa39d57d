-- My devices: the numbered units (IMEI and/or serial number) an account holds, with what their warranty needs.
--
-- A device comes from a shipment (the warehouse or staff name each unit's numbers when a serialised product ships) or
-- from the shopper's registration (a number, the product, the purchase date and a proof of purchase that staff
-- verify). One device belongs to one account at a time: a held device is a row not ended and verified (a shipment's
-- rows are verified by the shipment); a registration waiting for staff holds nothing, so nobody can take a number
-- away from its owner by typing it. The warranty's months are fixed when the row is written (the country's months,
-- or the refurbished product's), so a later change of the legal facts never shortens a sold warranty.
CREATE TABLE devices (
  id               bigserial PRIMARY KEY,
  user_id          integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  local            text NOT NULL,
  url_local        text NOT NULL,
  product_id       text NOT NULL,
  model            text NOT NULL CHECK (char_length(model) BETWEEN 1 AND 200),
  spec             text NOT NULL DEFAULT '',
  imei             text CHECK (imei ~ '^[0-9]{15}$'),
  serial           text CHECK (serial ~ '^[A-Z0-9]{8,20}$'),
  source           text NOT NULL CHECK (source IN ('shipment', 'registration')),
  order_id         bigint REFERENCES orders (id) ON DELETE SET NULL,
  commodity_id     text,
  line_no          integer,
  shipment_id      bigint REFERENCES shipments (id) ON DELETE SET NULL,
  purchase_date    date,
  refurbished      boolean NOT NULL DEFAULT false,
  warranty_months  integer NOT NULL CHECK (warranty_months BETWEEN 1 AND 120),
  verification     text NOT NULL CHECK (verification IN ('pending', 'verified', 'rejected')),
  rejection_reason text CHECK (rejection_reason IS NULL OR char_length(rejection_reason) BETWEEN 1 AND 500),
  reviewed_by      integer REFERENCES users (id) ON DELETE SET NULL,
  reviewed_at      timestamptz,
  created_at       timestamptz NOT NULL DEFAULT now(),
  ended_at         timestamptz,
  ended_reason     text CHECK (ended_reason IN ('removed', 'transferred', 'returned', 'rejected', 'erased')),
  CHECK (imei IS NOT NULL OR serial IS NOT NULL),
  CHECK ((ended_at IS NULL) = (ended_reason IS NULL)),
  CHECK (source = 'registration' OR verification = 'verified'),
  CHECK (source = 'shipment' OR purchase_date IS NOT NULL)
);
CREATE INDEX devices_user_idx ON devices (user_id, created_at DESC);
CREATE INDEX devices_imei_idx ON devices (imei) WHERE imei IS NOT NULL;
CREATE INDEX devices_serial_idx ON devices (serial) WHERE serial IS NOT NULL;
CREATE INDEX devices_pending_idx ON devices (created_at) WHERE verification = 'pending' AND ended_at IS NULL;
-- One account at a time holds a number, whatever the concurrency.
CREATE UNIQUE INDEX devices_held_imei_idx ON devices (imei) WHERE ended_at IS NULL AND verification = 'verified';
CREATE UNIQUE INDEX devices_held_serial_idx ON devices (serial) WHERE ended_at IS NULL AND verification = 'verified';
-- An account claims a number once while its claim waits.
CREATE UNIQUE INDEX devices_claim_imei_idx ON devices (user_id, imei) WHERE ended_at IS NULL AND verification = 'pending';
CREATE UNIQUE INDEX devices_claim_serial_idx ON devices (user_id, serial)
  WHERE ended_at IS NULL AND verification = 'pending';

-- The proof of purchase of a registration: the after-sales upload, attached to the device.
ALTER TABLE uploads ADD COLUMN device_id bigint REFERENCES devices (id) ON DELETE CASCADE;
CREATE INDEX uploads_device_idx ON uploads (device_id) WHERE device_id IS NOT NULL;

-- A repair of a registered device bought elsewhere has no order of this store: the device stands in for it.
ALTER TABLE service_requests ADD COLUMN device_id bigint REFERENCES devices (id) ON DELETE SET NULL;
ALTER TABLE service_requests ALTER COLUMN order_id DROP NOT NULL;
ALTER TABLE service_requests ADD CONSTRAINT service_requests_order_or_device
  CHECK (order_id IS NOT NULL OR device_id IS NOT NULL);
CREATE UNIQUE INDEX service_requests_open_device_idx ON service_requests (device_id)
  WHERE device_id IS NOT NULL AND state NOT IN ('completed', 'rejected', 'cancelled');
