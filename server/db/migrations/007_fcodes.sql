-- F-codes: codes of the snapshot's campaigns; a shopper redeems one (it becomes theirs), then it is used by
-- one unit of the product on an order, and given back if that unpaid order is cancelled.
CREATE TABLE fcodes (
  code        text PRIMARY KEY,
  campaign_id text NOT NULL,
  local       text NOT NULL,
  product_id  text NOT NULL,
  ends_at     timestamptz NOT NULL,
  user_id     integer REFERENCES users (id) ON DELETE SET NULL,
  redeemed_at timestamptz,
  order_id    bigint REFERENCES orders (id) ON DELETE SET NULL,
  used_at     timestamptz
);
CREATE INDEX fcodes_product_idx ON fcodes (local, product_id);
CREATE INDEX fcodes_user_idx ON fcodes (user_id) WHERE user_id IS NOT NULL;
