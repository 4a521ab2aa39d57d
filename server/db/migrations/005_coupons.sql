-- Coupons: the offers come from the content snapshot (promotions/coupons.json); claims and uses are the
-- shoppers'. Money is minor units of the country's currency.
CREATE TABLE coupons (
  id             text PRIMARY KEY,
  code           text NOT NULL UNIQUE,
  local          text NOT NULL,
  kind           text NOT NULL CHECK (kind IN ('amount', 'percent', 'free_shipping', 'exchange')),
  title          text NOT NULL,
  currency       text NOT NULL,
  amount         bigint CHECK (amount > 0),
  percent        integer CHECK (percent BETWEEN 1 AND 90),
  cap            bigint CHECK (cap > 0),
  min_spend      bigint NOT NULL CHECK (min_spend >= 0),
  categories     text[],
  products       text[],
  starts_at      timestamptz NOT NULL,
  ends_at        timestamptz NOT NULL,
  total_stock    integer NOT NULL CHECK (total_stock > 0),
  claimed        integer NOT NULL DEFAULT 0,
  per_user_limit integer NOT NULL CHECK (per_user_limit > 0),
  -- The claims never pass the stock, whatever the concurrency (a snapshot may lower the stock below past claims).
  CHECK (claimed >= 0)
);
CREATE INDEX coupons_local_idx ON coupons (local);

-- Coupon states: claimed → used (expired is derived from the coupon's window).
CREATE TABLE user_coupons (
  id         bigserial PRIMARY KEY,
  coupon_id  text NOT NULL REFERENCES coupons (id) ON DELETE CASCADE,
  user_id    integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  state      text NOT NULL CHECK (state IN ('claimed', 'used')),
  order_id   bigint REFERENCES orders (id) ON DELETE SET NULL,
  claimed_at timestamptz NOT NULL DEFAULT now(),
  used_at    timestamptz
);
CREATE INDEX user_coupons_user_idx ON user_coupons (user_id, state);
-- One coupon per purchase.
CREATE UNIQUE INDEX user_coupons_one_per_order_idx ON user_coupons (order_id) WHERE order_id IS NOT NULL;

ALTER TABLE orders ADD COLUMN coupon_id text;
