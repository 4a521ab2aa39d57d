-- Mi Points: a ledger per user and country; the balance is its sum. Earned on paid orders, redeemed on
-- orders (a negative entry in the order's transaction), given back when an unpaid order is cancelled.
CREATE TABLE points_ledger (
  id         bigserial PRIMARY KEY,
  user_id    integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  local      text NOT NULL,
  delta      integer NOT NULL CHECK (delta <> 0),
  reason     text NOT NULL CHECK (reason IN ('earn', 'redeem', 'return', 'welcome')),
  order_id   bigint REFERENCES orders (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX points_ledger_user_idx ON points_ledger (user_id, local, id DESC);
-- One earning and one redemption per order, whatever the retries.
CREATE UNIQUE INDEX points_ledger_order_reason_idx ON points_ledger (order_id, reason) WHERE order_id IS NOT NULL;

ALTER TABLE orders ADD COLUMN points_used integer NOT NULL DEFAULT 0 CHECK (points_used >= 0);
ALTER TABLE orders ADD COLUMN points_discount bigint NOT NULL DEFAULT 0 CHECK (points_discount >= 0);
