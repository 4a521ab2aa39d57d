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
  per_account_limit       int NOT NULL DEFAULT 1 CHECK (per_account_limit BETWEEN 1 AND 10),
  fcode_required          boolean NOT NULL DEFAULT false,
  min_club_level          text,
  waiting_room            boolean NOT NULL DEFAULT false,
  payment_window_seconds  int NOT NULL DEFAULT 900 CHECK (payment_window_seconds > 0),
  CHECK (starts_at < ends_at)
);
CREATE INDEX flash_sales_product_idx ON flash_sales (local, product_id);

-- One row per sale, locked by every settle and release: places are numbered in the order asks arrived (flash_settle).
-- All three count units, not places: admitted: units given to places (won or waiting, ever); expired: units given
-- back (a place released unpaid, a waiting place handed fewer units than it asked for); held: units places hold (won
-- or paid). So admitted - expired is the units held plus those waiting places ask for. Without a waiting room,
-- admissions stay open while admitted - expired < units + oversubscription; with one, until every unit is paid for.
CREATE TABLE flash_sale_tallies (
  sale_id   text PRIMARY KEY REFERENCES flash_sales (id) ON DELETE CASCADE,
  admitted  int NOT NULL DEFAULT 0,
  expired   int NOT NULL DEFAULT 0,
  held      int NOT NULL DEFAULT 0,
  CHECK (held >= 0 AND expired >= 0 AND admitted >= held + expired)
);

-- A shopper's place in a sale: seq is its rank in arrival order (flash_settle). One place per account (and per device).
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
  -- Units the place holds (won, paid; what it held once expired) or asks for (waiting): at most the sale's limit per
  -- account, fewer when fewer were free at its turn.
  quantity        int NOT NULL DEFAULT 1 CHECK (quantity BETWEEN 1 AND 10),
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

-- An ask for a place, ranked by when it reached the server (`arrived`, µs since the epoch, stamped before any wait)
-- rather than by when it reached the database: it waits here until every ask that arrived before it has been written
-- (the settle delay), then `flash_settle` admits the sale's waiting asks in arrival order. outcome: NULL while not
-- yet settled, then new | place (the shopper's existing one) | ended | device | address | sold_out. Asks are kept in
-- the database, so a process killed before settling loses none: the next settle of any process admits them.
CREATE TABLE flash_arrivals (
  sale_id         text NOT NULL REFERENCES flash_sales (id) ON DELETE CASCADE,
  user_id         int NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  arrived         bigint NOT NULL,
  commodity_id    text NOT NULL,
  quantity        int NOT NULL DEFAULT 1 CHECK (quantity BETWEEN 1 AND 10),
  url_local       text NOT NULL,
  device_id       text,
  client_address  text,
  outcome         text CHECK (outcome IN ('new', 'place', 'ended', 'device', 'address', 'sold_out')),
  PRIMARY KEY (sale_id, user_id)
);
CREATE INDEX flash_arrivals_pending_idx ON flash_arrivals (sale_id, arrived, user_id) WHERE outcome IS NULL;

-- The wall clock in microseconds since the epoch (the unit of `arrived`).
CREATE FUNCTION flash_clock_us() RETURNS bigint LANGUAGE sql AS $$
  SELECT (extract(epoch FROM clock_timestamp()) * 1000000)::bigint
$$;

-- Units of the sale whose order is paid (the sweep marks their places 'paid' later).
CREATE FUNCTION flash_paid_units(p_sale text) RETURNS int LANGUAGE sql STABLE AS $$
  SELECT coalesce(sum(f.quantity), 0)::int FROM flash_places f JOIN orders o ON o.id = f.order_id
   WHERE f.sale_id = p_sale AND f.state IN ('won', 'paid') AND o.paid_at IS NOT NULL
$$;

-- Whether a new ask can no longer get anything (what raises every process's sold-out flag). Without a waiting room:
-- the units and the oversubscription are all given; with one: every unit is paid for (an unpaid one may come back).
CREATE FUNCTION flash_closed(s flash_sales, t flash_sale_tallies) RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT CASE WHEN NOT s.waiting_room THEN t.admitted - t.expired >= s.units + s.oversubscription
    -- Paid units are read only once every unit is held.
    WHEN t.held < s.units THEN false
    ELSE flash_paid_units(s.id) >= s.units END
$$;

-- A shopper's place as answered: 'paid' once its order is, the position among those waiting, the units it holds.
CREATE FUNCTION flash_place_of(p_sale text, p_user int)
RETURNS TABLE (seq int, state text, place_position int, pay_until timestamptz, order_id bigint, units int)
LANGUAGE sql AS $$
  SELECT p.seq,
    CASE WHEN p.state = 'won' AND EXISTS (SELECT 1 FROM orders o WHERE o.id = p.order_id AND o.paid_at IS NOT NULL)
      THEN 'paid' ELSE p.state END,
    CASE WHEN p.state = 'waiting' THEN (SELECT count(*)::int + 1 FROM flash_places w
      WHERE w.sale_id = p_sale AND w.state = 'waiting' AND w.seq < p.seq) END,
    p.pay_until, p.order_id, p.quantity
  FROM flash_places p WHERE p.sale_id = p_sale AND p.user_id = p_user
$$;

-- Records an ask (no lock taken): the shopper's existing place at once, a refusal known now, or 'pending' with the
-- arrival it ranks by. An ask reaching the database more than p_late_us after it arrived ranks as if it arrived
-- then, so once the clock is past an arrival by the settle delay no earlier one can still appear. Asking again while
-- pending keeps the first arrival; after a refusal (sold out, then a place released) it is a new ask. p_quantity:
-- the units asked for (the route checks the sale's limit per account).
CREATE FUNCTION flash_arrive(p_sale text, p_user int, p_commodity text, p_quantity int, p_device text,
                             p_address text, p_url_local text, p_arrival bigint, p_late_us bigint)
RETURNS TABLE (outcome text, seq int, state text, place_position int, pay_until timestamptz, order_id bigint,
               units int, arrived bigint)
LANGUAGE plpgsql AS $$
DECLARE
  s flash_sales%ROWTYPE;
  stamp bigint;
BEGIN
  SELECT * INTO s FROM flash_sales x WHERE x.id = p_sale;
  IF NOT FOUND THEN RETURN QUERY SELECT 'unknown'::text, NULL::int, NULL::text, NULL::int, NULL::timestamptz, NULL::bigint, NULL::int, NULL::bigint; RETURN; END IF;
  IF now() < s.starts_at THEN RETURN QUERY SELECT 'not_started'::text, NULL::int, NULL::text, NULL::int, NULL::timestamptz, NULL::bigint, NULL::int, NULL::bigint; RETURN; END IF;
  IF EXISTS (SELECT 1 FROM flash_places x WHERE x.sale_id = p_sale AND x.user_id = p_user) THEN
    RETURN QUERY SELECT 'place'::text, f.seq, f.state, f.place_position, f.pay_until, f.order_id, f.units,
      NULL::bigint FROM flash_place_of(p_sale, p_user) f;
    RETURN;
  END IF;
  IF now() >= s.ends_at THEN RETURN QUERY SELECT 'ended'::text, NULL::int, NULL::text, NULL::int, NULL::timestamptz, NULL::bigint, NULL::int, NULL::bigint; RETURN; END IF;
  INSERT INTO flash_arrivals AS a (sale_id, user_id, arrived, commodity_id, quantity, url_local, device_id,
                                   client_address)
  VALUES (p_sale, p_user, greatest(p_arrival, flash_clock_us() - p_late_us), p_commodity, p_quantity, p_url_local,
          p_device, p_address)
  ON CONFLICT (sale_id, user_id) DO UPDATE SET arrived = EXCLUDED.arrived, commodity_id = EXCLUDED.commodity_id,
    quantity = EXCLUDED.quantity, url_local = EXCLUDED.url_local, device_id = EXCLUDED.device_id, client_address = EXCLUDED.client_address,
    outcome = NULL
  WHERE a.outcome IS NOT NULL AND a.outcome <> 'new' AND a.outcome <> 'place'
  RETURNING a.arrived INTO stamp;
  IF stamp IS NULL THEN
    SELECT a.arrived INTO stamp FROM flash_arrivals a WHERE a.sale_id = p_sale AND a.user_id = p_user;
  END IF;
  RETURN QUERY SELECT 'pending'::text, NULL::int, NULL::text, NULL::int, NULL::timestamptz, NULL::bigint, NULL::int,
    stamp;
END;
$$;

-- Admits the sale's pending asks that arrived at least p_settle_us ago, earliest arrival first, under the sale's
-- tally lock (so nothing is given twice and nothing oversold): units while some are free (the units asked for, or
-- what is left when fewer are), then a waiting place: without a waiting room for the units the oversubscription has
-- left, then sold out; with one, for every ask, until every unit is paid for. Any process may settle any ask.
-- Returns the asks settled.
CREATE FUNCTION flash_settle(p_sale text, p_address_limit int, p_settle_us bigint) RETURNS int
LANGUAGE plpgsql AS $$
DECLARE
  s flash_sales%ROWTYPE;
  t flash_sale_tallies%ROWTYPE;
  a record;
  cutoff bigint;
  verdict text;
  new_state text;
  got int;
  until timestamptz;
  all_paid boolean;
  last_seq int;
  settled int := 0;
BEGIN
  SELECT * INTO t FROM flash_sale_tallies x WHERE x.sale_id = p_sale FOR UPDATE;
  IF NOT FOUND THEN RETURN 0; END IF;
  SELECT * INTO s FROM flash_sales x WHERE x.id = p_sale;
  -- Places are numbered in admission order (the tallies count units, not places).
  SELECT coalesce(max(x.seq), 0) INTO last_seq FROM flash_places x WHERE x.sale_id = p_sale;
  cutoff := flash_clock_us() - p_settle_us;
  FOR a IN
    SELECT * FROM flash_arrivals x WHERE x.sale_id = p_sale AND x.outcome IS NULL AND x.arrived <= cutoff
     ORDER BY x.arrived, x.user_id
  LOOP
    new_state := NULL;
    -- Read once per settle, and only once every unit is held (payments do not take the tally lock).
    IF s.waiting_room AND all_paid IS NULL AND t.held >= s.units THEN
      all_paid := flash_paid_units(p_sale) >= s.units;
    END IF;
    IF EXISTS (SELECT 1 FROM flash_places x WHERE x.sale_id = p_sale AND x.user_id = a.user_id) THEN
      verdict := 'place';
    ELSIF now() >= s.ends_at THEN
      verdict := 'ended';
    ELSIF a.device_id IS NOT NULL
      AND EXISTS (SELECT 1 FROM flash_places x WHERE x.sale_id = p_sale AND x.device_id = a.device_id) THEN
      verdict := 'device';
    ELSIF a.client_address IS NOT NULL AND (SELECT count(*) FROM flash_places x
      WHERE x.sale_id = p_sale AND x.client_address = a.client_address) >= p_address_limit THEN
      verdict := 'address';
    ELSIF (CASE WHEN s.waiting_room THEN coalesce(all_paid, false)
      ELSE t.admitted - t.expired >= s.units + s.oversubscription END) THEN
      verdict := 'sold_out';
    ELSE
      verdict := 'new';
      IF t.held < s.units THEN
        new_state := 'won';
        got := least(a.quantity, s.units - t.held);
        until := now() + make_interval(secs => s.payment_window_seconds);
        t.held := t.held + got;
      ELSE
        new_state := 'waiting';
        got := CASE WHEN s.waiting_room THEN a.quantity
          ELSE least(a.quantity, s.units + s.oversubscription - (t.admitted - t.expired)) END;
        until := NULL;
      END IF;
      last_seq := last_seq + 1;
      INSERT INTO flash_places (sale_id, seq, user_id, commodity_id, quantity, url_local, device_id, client_address,
                                state, pay_until)
      VALUES (p_sale, last_seq, a.user_id, a.commodity_id, got, a.url_local, a.device_id, a.client_address,
              new_state, until);
      t.admitted := t.admitted + got;
    END IF;
    UPDATE flash_arrivals x SET outcome = verdict WHERE x.sale_id = p_sale AND x.user_id = a.user_id;
    settled := settled + 1;
  END LOOP;
  IF settled > 0 THEN
    UPDATE flash_sale_tallies x SET admitted = t.admitted, held = t.held WHERE x.sale_id = p_sale;
    IF flash_closed(s, t) THEN
      PERFORM pg_notify('flash_sale', p_sale || ' sold_out');
    END IF;
  END IF;
  RETURN settled;
END;
$$;

-- What a settled ask got: the place (outcome new or place), a refusal, 'pending' while not yet settled, or
-- 'unknown' when there is no such ask.
CREATE FUNCTION flash_outcome(p_sale text, p_user int)
RETURNS TABLE (outcome text, seq int, state text, place_position int, pay_until timestamptz, order_id bigint,
               units int)
LANGUAGE plpgsql AS $$
DECLARE
  verdict text;
BEGIN
  SELECT coalesce(a.outcome, 'pending') INTO verdict FROM flash_arrivals a
   WHERE a.sale_id = p_sale AND a.user_id = p_user;
  IF NOT FOUND THEN verdict := 'unknown'; END IF;
  IF EXISTS (SELECT 1 FROM flash_places x WHERE x.sale_id = p_sale AND x.user_id = p_user) THEN
    RETURN QUERY SELECT CASE WHEN verdict = 'new' THEN 'new' ELSE 'place' END, f.seq, f.state, f.place_position,
      f.pay_until, f.order_id, f.units FROM flash_place_of(p_sale, p_user) f;
    RETURN;
  END IF;
  RETURN QUERY SELECT verdict, NULL::int, NULL::text, NULL::int, NULL::timestamptz, NULL::bigint, NULL::int;
END;
$$;

-- Releases the sale's won places whose payment window has passed without an order, and those whose order was
-- cancelled (unpaid at the end of the window, which is the order's own, or by the shopper): all of a released place's
-- units go back, and the free units go to the shoppers waiting, in arrival order, each with a payment window of its
-- own (a waiting place asking for more than is free gets what is free). An unpaid order still open (a payment with
-- its provider) keeps its units. Places whose order was paid become paid. Returns the places released. Under the
-- tally lock, like admission.
CREATE FUNCTION flash_release(p_sale text) RETURNS int
LANGUAGE plpgsql AS $$
DECLARE
  s flash_sales%ROWTYPE;
  t flash_sale_tallies%ROWTYPE;
  p record;
  w record;
  got int;
  released int := 0;
  handed int := 0;
  newly_paid int;
BEGIN
  SELECT * INTO t FROM flash_sale_tallies x WHERE x.sale_id = p_sale FOR UPDATE;
  IF NOT FOUND THEN RETURN 0; END IF;
  SELECT * INTO s FROM flash_sales x WHERE x.id = p_sale;
  UPDATE flash_places f SET state = 'paid' FROM orders o
   WHERE f.sale_id = p_sale AND f.state = 'won' AND o.id = f.order_id AND o.paid_at IS NOT NULL;
  GET DIAGNOSTICS newly_paid = ROW_COUNT;
  FOR p IN
    SELECT f.seq, f.quantity FROM flash_places f LEFT JOIN orders o ON o.id = f.order_id
     WHERE f.sale_id = p_sale AND f.state = 'won'
       AND ((o.id IS NULL AND f.pay_until < now()) OR o.state = 'cancelled')
     ORDER BY f.seq
  LOOP
    UPDATE flash_places f SET state = 'expired' WHERE f.sale_id = p_sale AND f.seq = p.seq;
    released := released + 1;
    t.expired := t.expired + p.quantity;
    t.held := t.held - p.quantity;
  END LOOP;
  -- Free units (released ones, or more units set by an operator) to those waiting, first in line first.
  IF now() < s.ends_at THEN
    FOR w IN
      SELECT f.seq, f.quantity FROM flash_places f WHERE f.sale_id = p_sale AND f.state = 'waiting' ORDER BY f.seq
    LOOP
      EXIT WHEN t.held >= s.units;
      got := least(w.quantity, s.units - t.held);
      UPDATE flash_places f SET state = 'won', quantity = got,
        pay_until = now() + make_interval(secs => s.payment_window_seconds)
       WHERE f.sale_id = p_sale AND f.seq = w.seq;
      t.held := t.held + got;
      -- The units asked for beyond those handed are given back (they counted against the oversubscription).
      t.expired := t.expired + (w.quantity - got);
      handed := handed + 1;
    END LOOP;
  END IF;
  IF released > 0 OR handed > 0 THEN
    UPDATE flash_sale_tallies x SET expired = t.expired, held = t.held WHERE x.sale_id = p_sale;
    PERFORM pg_notify('flash_sale', p_sale || ' changed');
  END IF;
  -- With a waiting room, the last unit paid for is the sell-out.
  IF newly_paid > 0 AND s.waiting_room AND flash_closed(s, t) THEN
    PERFORM pg_notify('flash_sale', p_sale || ' sold_out');
  END IF;
  RETURN released;
END;
$$;
