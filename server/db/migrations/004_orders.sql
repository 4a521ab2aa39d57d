-- Selling: the address book, orders with their lines, stock movements, payments and saved cards.
-- Money is integer minor units (bigint) beside its currency; card numbers and CVVs are never stored.

CREATE TABLE addresses (
  id           bigserial PRIMARY KEY,
  user_id      integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  local        text NOT NULL,                    -- the country whose form the address follows
  recipient    text NOT NULL,
  phone        text NOT NULL,
  street       text NOT NULL,
  house_number text NOT NULL DEFAULT '',
  building     text NOT NULL DEFAULT '',
  city         text NOT NULL,
  state        text NOT NULL DEFAULT '',
  postal_code  text NOT NULL DEFAULT '',
  landmark     text NOT NULL DEFAULT '',
  is_default   boolean NOT NULL DEFAULT false,
  created_at   timestamptz NOT NULL DEFAULT now(),
  updated_at   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX addresses_user_idx ON addresses (user_id, local);
CREATE UNIQUE INDEX addresses_one_default_idx ON addresses (user_id, local) WHERE is_default;

-- Order numbers are long and not sequential-looking from the first one on.
CREATE SEQUENCE order_numbers START WITH 5100000001;

CREATE TABLE orders (
  id               bigint PRIMARY KEY DEFAULT nextval('order_numbers'),
  user_id          integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  local            text NOT NULL,
  url_local        text NOT NULL,
  flow             text NOT NULL DEFAULT 'consumer' CHECK (flow IN ('consumer', 'company')),
  state            text NOT NULL CHECK (state IN ('unpaid', 'processing', 'paid', 'shipped', 'cancelled')),
  currency         text NOT NULL,
  items_total      bigint NOT NULL CHECK (items_total >= 0),     -- sum of line subtotals at shelf prices
  discount         bigint NOT NULL DEFAULT 0 CHECK (discount >= 0),
  shipping_fee     bigint NOT NULL CHECK (shipping_fee >= 0),
  tax              bigint NOT NULL CHECK (tax >= 0),             -- included in, or added to, the total
  tax_inclusive    boolean NOT NULL,
  tax_rate_bp      integer NOT NULL,
  net_amount       bigint NOT NULL CHECK (net_amount >= 0),      -- total without tax
  total            bigint NOT NULL CHECK (total >= 0),           -- what the shopper pays
  delivery_method  text NOT NULL,
  address          jsonb NOT NULL,                               -- a copy: later edits of the book do not move orders
  address_changes  integer NOT NULL DEFAULT 0 CHECK (address_changes <= 1),
  invoice          jsonb,                                        -- {type: personal|company, …}; fixed once placed
  idempotency_key  text NOT NULL,
  pay_before       timestamptz NOT NULL,
  paid_at          timestamptz,
  cancelled_at     timestamptz,
  cancel_reason    text,
  created_at       timestamptz NOT NULL DEFAULT now(),
  UNIQUE (user_id, idempotency_key)
);
CREATE INDEX orders_user_idx ON orders (user_id, created_at DESC);
-- An unpaid order blocks a new order, held by the database under any concurrency.
CREATE UNIQUE INDEX orders_one_unpaid_idx ON orders (user_id) WHERE state = 'unpaid';
CREATE INDEX orders_unpaid_due_idx ON orders (pay_before) WHERE state = 'unpaid';

CREATE TABLE order_lines (
  order_id      bigint NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
  line_no       integer NOT NULL,
  commodity_id  text NOT NULL,
  product_id    text NOT NULL,
  name          text NOT NULL,
  spec          text NOT NULL DEFAULT '',
  image         text NOT NULL,
  quantity      integer NOT NULL CHECK (quantity > 0),
  unit_price    bigint NOT NULL CHECK (unit_price >= 0),
  market_price  bigint NOT NULL CHECK (market_price >= 0),
  subtotal      bigint NOT NULL CHECK (subtotal >= 0),
  PRIMARY KEY (order_id, line_no)
);

-- Every change of stock with its cause: placing reserves (negative), cancelling releases (positive).
CREATE TABLE stock_movements (
  id           bigserial PRIMARY KEY,
  commodity_id text NOT NULL,
  local        text NOT NULL,
  order_id     bigint REFERENCES orders (id) ON DELETE SET NULL,
  delta        integer NOT NULL,
  reason       text NOT NULL CHECK (reason IN ('order', 'cancel')),
  created_at   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX stock_movements_order_idx ON stock_movements (order_id);

CREATE TABLE payments (
  id            bigserial PRIMARY KEY,
  order_id      bigint NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
  provider      text NOT NULL,
  method        text NOT NULL,                 -- card, saved_card, bank_transfer
  state         text NOT NULL CHECK (state IN ('pending', 'otp_required', 'succeeded', 'failed')),
  amount        bigint NOT NULL CHECK (amount > 0),
  currency      text NOT NULL,
  card_brand    text,
  card_last4    text CHECK (card_last4 ~ '^[0-9]{4}$'),
  provider_ref  text,                          -- the gateway's charge id
  failure_code  text,
  idempotency_key text,
  save_card     boolean NOT NULL DEFAULT false,
  created_at    timestamptz NOT NULL DEFAULT now(),
  updated_at    timestamptz NOT NULL DEFAULT now(),
  UNIQUE (order_id, idempotency_key)
);
CREATE INDEX payments_order_idx ON payments (order_id);
-- One successful charge per order, whatever the retries.
CREATE UNIQUE INDEX payments_one_success_idx ON payments (order_id) WHERE state = 'succeeded';

-- Saved cards (at most 5): the gateway's token and what the shopper needs to recognise the card.
CREATE TABLE saved_cards (
  id         bigserial PRIMARY KEY,
  user_id    integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  provider   text NOT NULL,
  token      text NOT NULL UNIQUE,
  brand      text NOT NULL,
  last4      text NOT NULL CHECK (last4 ~ '^[0-9]{4}$'),
  exp_month  integer NOT NULL CHECK (exp_month BETWEEN 1 AND 12),
  exp_year   integer NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (user_id, brand, last4, exp_month, exp_year)
);
CREATE INDEX saved_cards_user_idx ON saved_cards (user_id);

-- The sandbox card gateway's own books (server/payments/sandbox-gateway.ts), shared by every API process as a
-- real gateway's would be. It keeps what a gateway keeps: brand, last four, expiry and the test card's behaviour,
-- never the number or the CVV.
CREATE TABLE sandbox_gateway_charges (
  ref           text PRIMARY KEY,
  reference     text NOT NULL UNIQUE,            -- the store's payment id: one charge per reference
  amount        bigint NOT NULL,
  currency      text NOT NULL,
  brand         text NOT NULL,
  last4         text NOT NULL,
  exp_month     integer NOT NULL,
  exp_year      integer NOT NULL,
  behaviour     text NOT NULL,
  status        text NOT NULL CHECK (status IN ('otp_required', 'succeeded', 'declined')),
  otp_attempts  integer NOT NULL DEFAULT 0,
  tokenize      boolean NOT NULL DEFAULT false,
  created_at    timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE sandbox_gateway_tokens (
  token      text PRIMARY KEY,
  brand      text NOT NULL,
  last4      text NOT NULL,
  exp_month  integer NOT NULL,
  exp_year   integer NOT NULL,
  behaviour  text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
