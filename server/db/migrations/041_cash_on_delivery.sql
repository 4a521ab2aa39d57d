-- Cash on delivery (server/orders/cod.ts): an order confirmed without payment, whose cash the courier collects.
-- The order moves to processing at once; its row here says what to collect and where it stands. The cash becomes a
-- succeeded payment of provider `cod` when the order is delivered (then the order's paid_at is set), so one order
-- has at most one, like every payment.
CREATE TABLE cod_orders (
  order_id      bigint PRIMARY KEY REFERENCES orders (id) ON DELETE CASCADE,
  user_id       integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  -- open: on its way, cash not collected yet; collected: delivered and paid; refused: the parcel came back;
  -- cancelled: the shopper cancelled before it shipped.
  state         text NOT NULL DEFAULT 'open' CHECK (state IN ('open', 'collected', 'refused', 'cancelled')),
  -- What the courier collects, in minor units: the order's amount due plus the method's fee.
  amount        bigint NOT NULL CHECK (amount > 0),
  fee           bigint NOT NULL DEFAULT 0 CHECK (fee >= 0),
  currency      text NOT NULL,
  payment_id    bigint REFERENCES payments (id),
  confirmed_at  timestamptz NOT NULL DEFAULT now(),
  closed_at     timestamptz,
  CHECK ((state = 'collected') = (payment_id IS NOT NULL))
);
-- The open-COD limit counts a shopper's open ones.
CREATE INDEX cod_orders_open_idx ON cod_orders (user_id) WHERE state = 'open';
