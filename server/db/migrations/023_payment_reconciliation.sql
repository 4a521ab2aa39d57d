-- Payments that reconcile: a charge the provider made for an order that could no longer take it (closed, or
-- already paid) is 'reversed' and refunded through the provider; refunds carry what the provider needs to pay
-- them back, and their own state.

ALTER TABLE payments DROP CONSTRAINT payments_state_check;
ALTER TABLE payments ADD CONSTRAINT payments_state_check CHECK (state IN ('pending', 'otp_required', 'succeeded', 'failed', 'reversed'));
-- The reconciliation job looks for payments still in flight.
CREATE INDEX payments_in_flight_idx ON payments (updated_at) WHERE state IN ('pending', 'otp_required');
CREATE INDEX split_payment_parts_in_flight_idx ON split_payment_parts (updated_at) WHERE state = 'pending' AND method = 'card';

-- The provider that charged a card part, to pay it back through the same one.
ALTER TABLE split_payment_parts ADD COLUMN provider text;
UPDATE split_payment_parts SET provider = 'sandbox' WHERE method = 'card';
ALTER TABLE split_payment_parts DROP CONSTRAINT split_payment_parts_state_check;
ALTER TABLE split_payment_parts ADD CONSTRAINT split_payment_parts_state_check CHECK (state IN ('pending', 'succeeded', 'failed', 'reversed'));

-- A refund is tied to the charge it reverses (a payment or a part of a split payment) when the provider can pay
-- it back; rows without one (a bank transfer, a deposit paid otherwise) are paid back by staff.
ALTER TABLE refunds DROP CONSTRAINT refunds_order_id_reason_key;
ALTER TABLE refunds DROP CONSTRAINT refunds_state_check;
ALTER TABLE refunds ADD CONSTRAINT refunds_state_check CHECK (state IN ('pending', 'succeeded', 'failed', 'done'));
ALTER TABLE refunds
  ADD COLUMN payment_id     bigint REFERENCES payments (id) ON DELETE CASCADE,
  ADD COLUMN split_part_id  bigint REFERENCES split_payment_parts (id) ON DELETE CASCADE,
  ADD COLUMN provider       text,
  ADD COLUMN provider_ref   text,
  ADD COLUMN refund_ref     text,
  ADD COLUMN failure_code   text,
  ADD COLUMN attempts       integer NOT NULL DEFAULT 0,
  ADD COLUMN next_attempt_at timestamptz NOT NULL DEFAULT now(),
  ADD COLUMN refunded_at    timestamptz,
  ADD COLUMN updated_at     timestamptz NOT NULL DEFAULT now();
ALTER TABLE refunds ADD CONSTRAINT refunds_provider_pair CHECK ((provider IS NULL) = (provider_ref IS NULL));
-- One refund per reason and order for refunds staff pay; one per charge for refunds the provider pays.
CREATE UNIQUE INDEX refunds_order_reason_idx ON refunds (order_id, reason) WHERE payment_id IS NULL AND split_part_id IS NULL;
CREATE UNIQUE INDEX refunds_payment_idx ON refunds (payment_id) WHERE payment_id IS NOT NULL;
CREATE UNIQUE INDEX refunds_split_part_idx ON refunds (split_part_id) WHERE split_part_id IS NOT NULL;
CREATE INDEX refunds_due_idx ON refunds (next_attempt_at) WHERE state = 'pending' AND provider IS NOT NULL;
CREATE INDEX refunds_order_idx ON refunds (order_id);

-- The sandbox card gateway keeps what a real one keeps about a reference: a charge may be cancelled before it is
-- made (then none can be made under that reference), and refunded up to what it took.
ALTER TABLE sandbox_gateway_charges DROP CONSTRAINT sandbox_gateway_charges_status_check;
ALTER TABLE sandbox_gateway_charges ADD CONSTRAINT sandbox_gateway_charges_status_check CHECK (status IN ('otp_required', 'succeeded', 'declined', 'cancelled'));
ALTER TABLE sandbox_gateway_charges
  ALTER COLUMN brand DROP NOT NULL,
  ALTER COLUMN last4 DROP NOT NULL,
  ALTER COLUMN exp_month DROP NOT NULL,
  ALTER COLUMN exp_year DROP NOT NULL,
  ALTER COLUMN behaviour DROP NOT NULL,
  ADD COLUMN amount_refunded bigint NOT NULL DEFAULT 0,
  ADD CONSTRAINT sandbox_gateway_charges_refund_limit CHECK (amount_refunded <= amount);

ALTER TABLE sandbox_bnpl_sessions DROP CONSTRAINT sandbox_bnpl_sessions_status_check;
ALTER TABLE sandbox_bnpl_sessions ADD CONSTRAINT sandbox_bnpl_sessions_status_check CHECK (status IN ('pending', 'approved', 'declined', 'expired'));
ALTER TABLE sandbox_bnpl_sessions
  ADD COLUMN amount_refunded bigint NOT NULL DEFAULT 0,
  ADD CONSTRAINT sandbox_bnpl_sessions_refund_limit CHECK (amount_refunded <= amount);

-- Refunds the sandbox providers made, one per store reference.
CREATE TABLE sandbox_refunds (
  reference   text PRIMARY KEY,
  ref         text NOT NULL UNIQUE,
  provider    text NOT NULL,
  charge_ref  text NOT NULL,
  amount      bigint NOT NULL CHECK (amount > 0),
  currency    text NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now()
);
