-- Pre-sales (pre-sale deposit then final payment). A deposit order reserves the units and takes the
-- deposit; in the final window a final-payment order (its child) takes the rest. A final payment missed lapses the
-- pre-order: the units go back and the deposit is refunded (refunds).
CREATE TABLE presale_campaigns (
  id                 text PRIMARY KEY,
  local              text NOT NULL,
  product_id         text NOT NULL,
  currency           text NOT NULL,
  deposit            bigint NOT NULL CHECK (deposit > 0),
  deposit_starts_at  timestamptz NOT NULL,
  deposit_ends_at    timestamptz NOT NULL,
  final_starts_at    timestamptz NOT NULL,
  final_ends_at      timestamptz NOT NULL,
  CHECK (deposit_starts_at < deposit_ends_at AND deposit_ends_at <= final_starts_at AND final_starts_at < final_ends_at),
  UNIQUE (local, product_id)
);

ALTER TABLE orders ADD COLUMN kind text NOT NULL DEFAULT 'standard' CHECK (kind IN ('standard', 'deposit', 'final'));
ALTER TABLE orders ADD COLUMN presale_id text REFERENCES presale_campaigns (id);
ALTER TABLE orders ADD COLUMN parent_order_id bigint REFERENCES orders (id);
ALTER TABLE orders ADD COLUMN deposit_credit bigint NOT NULL DEFAULT 0 CHECK (deposit_credit >= 0);
ALTER TABLE orders ADD COLUMN presale_state text CHECK (presale_state IN ('deposit_unpaid', 'deposit_paid', 'completed', 'lapsed'));
-- One live final-payment order per deposit, however many clicks arrive at once.
CREATE UNIQUE INDEX orders_one_final_idx ON orders (parent_order_id) WHERE kind = 'final' AND state <> 'cancelled';
CREATE INDEX orders_presale_idx ON orders (presale_id, presale_state) WHERE kind = 'deposit';

-- Money owed back to a shopper (a lapsed pre-order's deposit), paid by the provider within 15 working days.
CREATE TABLE refunds (
  id          bigserial PRIMARY KEY,
  order_id    bigint NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
  amount      bigint NOT NULL CHECK (amount > 0),
  currency    text NOT NULL,
  reason      text NOT NULL,
  state       text NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'done')),
  due_by      timestamptz NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now(),
  UNIQUE (order_id, reason)
);
