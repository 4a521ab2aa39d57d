-- Flash sales: a campaign sells `units` of chosen versions of one product at a sale price from its start second.
-- Campaign rows are content (the seed writes them); tallies and places are live data a re-seed never touches.
CREATE TABLE flash_sales (
  id                      text PRIMARY KEY,
  local                   text NOT NULL,
  product_id              text NOT NULL,
  commodity_ids           text[] NOT NULL CHECK (cardinality(commodity_ids) > 0),
  starts_at               timestamptz NOT NULL,
  ends_at                 timestamptz NOT NULL,
  units                   int NOT NULL CHECK (units > 0),
  oversubscription        int NOT NULL DEFAULT 0 CHECK (oversubscription >= 0),
  sale_price              bigint NOT NULL CHECK (sale_price > 0),
  currency                text NOT NULL,
  per_account_limit       int NOT NULL DEFAULT 1 CHECK (per_account_limit >= 1),
  fcode_required          boolean NOT NULL DEFAULT false,
  min_club_level          text,
  waiting_room            boolean NOT NULL DEFAULT false,
  payment_window_seconds  int NOT NULL DEFAULT 900 CHECK (payment_window_seconds > 0),
  CHECK (starts_at < ends_at)
);
CREATE INDEX flash_sales_product_idx ON flash_sales (local, product_id);

-- One row per sale, locked by every admission and release: places are numbered in the order this lock is taken.
-- admitted: places given (won or waiting, ever); expired: places released unpaid; held: units a place holds (won or
-- paid). Admissions stay open while admitted - expired < units + oversubscription.
CREATE TABLE flash_sale_tallies (
  sale_id   text PRIMARY KEY REFERENCES flash_sales (id) ON DELETE CASCADE,
  admitted  int NOT NULL DEFAULT 0,
  expired   int NOT NULL DEFAULT 0,
  held      int NOT NULL DEFAULT 0,
  CHECK (held >= 0 AND expired >= 0 AND admitted >= held + expired)
);

-- A shopper's place in a sale: seq is the arrival order the server gave it. One place per account (and per device).
-- A won place's unpaid order (order_id) is written by server/checkout/flash-order.ts in the storefront the shopper
-- entered from (url_local: its language for the order's mails and messages); it is paid when that order is.
CREATE TABLE flash_places (
  sale_id         text NOT NULL REFERENCES flash_sales (id) ON DELETE CASCADE,
  seq             int NOT NULL,
  user_id         int NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  commodity_id    text NOT NULL,
  url_local       text NOT NULL,
  device_id       text,
  client_address  text,
  state           text NOT NULL CHECK (state IN ('won', 'waiting', 'paid', 'expired')),
  pay_until       timestamptz,
  order_id        bigint REFERENCES orders (id) ON DELETE SET NULL,
  created_at      timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (sale_id, seq),
  UNIQUE (sale_id, user_id)
);
CREATE UNIQUE INDEX flash_places_device_idx ON flash_places (sale_id, device_id) WHERE device_id IS NOT NULL;
CREATE INDEX flash_places_address_idx ON flash_places (sale_id, client_address);
CREATE INDEX flash_places_won_idx ON flash_places (pay_until) WHERE state = 'won';
CREATE INDEX flash_places_waiting_idx ON flash_places (sale_id, seq) WHERE state = 'waiting';
CREATE INDEX flash_places_order_idx ON flash_places (order_id) WHERE order_id IS NOT NULL;

-- Asks for a place in one round trip, under the sale's tally lock (so nothing is given twice and nothing oversold).
-- outcome: unknown | not_started | ended | place (the shopper's existing one) | device | address | sold_out | new.
CREATE FUNCTION flash_enter(p_sale text, p_user int, p_commodity text, p_device text, p_address text,
                            p_address_limit int, p_url_local text)
RETURNS TABLE (outcome text, seq int, state text, place_position int, pay_until timestamptz, order_id bigint)
LANGUAGE plpgsql AS $$
DECLARE
  s flash_sales%ROWTYPE;
  t flash_sale_tallies%ROWTYPE;
  p flash_places%ROWTYPE;
  new_state text;
  until timestamptz;
BEGIN
  SELECT * INTO t FROM flash_sale_tallies x WHERE x.sale_id = p_sale FOR UPDATE;
  IF NOT FOUND THEN RETURN QUERY SELECT 'unknown'::text, NULL::int, NULL::text, NULL::int, NULL::timestamptz, NULL::bigint; RETURN; END IF;
  SELECT * INTO s FROM flash_sales x WHERE x.id = p_sale;
  IF now() < s.starts_at THEN RETURN QUERY SELECT 'not_started'::text, NULL::int, NULL::text, NULL::int, NULL::timestamptz, NULL::bigint; RETURN; END IF;
  SELECT * INTO p FROM flash_places x WHERE x.sale_id = p_sale AND x.user_id = p_user;
  IF FOUND THEN
    RETURN QUERY SELECT 'place'::text, p.seq,
      CASE WHEN p.state = 'won' AND EXISTS (SELECT 1 FROM orders o WHERE o.id = p.order_id AND o.paid_at IS NOT NULL)
        THEN 'paid' ELSE p.state END,
      (SELECT count(*)::int + 1 FROM flash_places w WHERE w.sale_id = p_sale AND w.state = 'waiting' AND w.seq < p.seq),
      p.pay_until, p.order_id;
    RETURN;
  END IF;
  IF now() >= s.ends_at THEN RETURN QUERY SELECT 'ended'::text, NULL::int, NULL::text, NULL::int, NULL::timestamptz, NULL::bigint; RETURN; END IF;
  IF p_device IS NOT NULL AND EXISTS (SELECT 1 FROM flash_places x WHERE x.sale_id = p_sale AND x.device_id = p_device) THEN
    RETURN QUERY SELECT 'device'::text, NULL::int, NULL::text, NULL::int, NULL::timestamptz, NULL::bigint; RETURN;
  END IF;
  IF p_address IS NOT NULL AND (SELECT count(*) FROM flash_places x WHERE x.sale_id = p_sale AND x.client_address = p_address) >= p_address_limit THEN
    RETURN QUERY SELECT 'address'::text, NULL::int, NULL::text, NULL::int, NULL::timestamptz, NULL::bigint; RETURN;
  END IF;
  IF t.admitted - t.expired >= s.units + s.oversubscription THEN
    RETURN QUERY SELECT 'sold_out'::text, NULL::int, NULL::text, NULL::int, NULL::timestamptz, NULL::bigint; RETURN;
  END IF;
  IF t.held < s.units THEN
    new_state := 'won';
    until := now() + make_interval(secs => s.payment_window_seconds);
  ELSE
    new_state := 'waiting';
  END IF;
  INSERT INTO flash_places (sale_id, seq, user_id, commodity_id, url_local, device_id, client_address, state, pay_until)
  VALUES (p_sale, t.admitted + 1, p_user, p_commodity, p_url_local, p_device, p_address, new_state, until);
  UPDATE flash_sale_tallies x SET admitted = x.admitted + 1,
    held = x.held + CASE WHEN new_state = 'won' THEN 1 ELSE 0 END WHERE x.sale_id = p_sale;
  IF t.admitted + 1 - t.expired >= s.units + s.oversubscription THEN
    PERFORM pg_notify('flash_sale', p_sale || ' sold_out');
  END IF;
  RETURN QUERY SELECT 'new'::text, t.admitted + 1, new_state,
    CASE WHEN new_state = 'waiting'
      THEN (SELECT count(*)::int + 1 FROM flash_places w WHERE w.sale_id = p_sale AND w.state = 'waiting' AND w.seq <= t.admitted)
    END,
    until, NULL::bigint;
END;
$$;

-- Releases the sale's won places whose payment window has passed without an order, and those whose order was
-- cancelled (unpaid at the end of the window, which is the order's own, or by the shopper): each unit goes to the
-- first shopper waiting, in arrival order, with a payment window of its own. An unpaid order still open (a payment
-- with its provider) keeps its unit. Places whose order was paid become paid. Returns the places released. Under the
-- tally lock, like admission.
CREATE FUNCTION flash_release(p_sale text) RETURNS int
LANGUAGE plpgsql AS $$
DECLARE
  s flash_sales%ROWTYPE;
  p record;
  next_seq int;
  released int := 0;
  handed int := 0;
BEGIN
  PERFORM 1 FROM flash_sale_tallies x WHERE x.sale_id = p_sale FOR UPDATE;
  IF NOT FOUND THEN RETURN 0; END IF;
  SELECT * INTO s FROM flash_sales x WHERE x.id = p_sale;
  UPDATE flash_places f SET state = 'paid' FROM orders o
   WHERE f.sale_id = p_sale AND f.state = 'won' AND o.id = f.order_id AND o.paid_at IS NOT NULL;
  FOR p IN
    SELECT f.seq FROM flash_places f LEFT JOIN orders o ON o.id = f.order_id
     WHERE f.sale_id = p_sale AND f.state = 'won'
       AND ((o.id IS NULL AND f.pay_until < now()) OR o.state = 'cancelled')
     ORDER BY f.seq
  LOOP
    UPDATE flash_places f SET state = 'expired' WHERE f.sale_id = p_sale AND f.seq = p.seq;
    released := released + 1;
    SELECT w.seq INTO next_seq FROM flash_places w WHERE w.sale_id = p_sale AND w.state = 'waiting'
     ORDER BY w.seq LIMIT 1;
    IF FOUND AND now() < s.ends_at THEN
      UPDATE flash_places f SET state = 'won', pay_until = now() + make_interval(secs => s.payment_window_seconds)
       WHERE f.sale_id = p_sale AND f.seq = next_seq;
      handed := handed + 1;
    END IF;
  END LOOP;
  IF released > 0 THEN
    UPDATE flash_sale_tallies x SET expired = x.expired + released, held = x.held - (released - handed)
     WHERE x.sale_id = p_sale;
    PERFORM pg_notify('flash_sale', p_sale || ' changed');
  END IF;
  RETURN released;
END;
$$;
