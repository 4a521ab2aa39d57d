-- The release console's traffic and sales dashboard.
--
-- Which storefronts a release manager looks after: their dashboard shows only these. NULL: every storefront.
ALTER TABLE users ADD COLUMN release_locals text[];

-- Read straight from analytics_events, 30 days of a million events took seconds (visits counted distinct per day and
-- per funnel step, percentiles sorting every measurement). A job rolls each finished day up once into the tables
-- below; the dashboard reads rolled days from them and the days not rolled yet (today, or a day the job has not
-- reached) from the events, with the same functions (the analytics_*_rows functions below, which the planner inlines,
-- so a day's partition is the only one read). A day is read from exactly one of the two: the days rolled are listed
-- before the reads, and each read names its days.
--
-- Nothing is approximated. Distinct visits cannot be added up across days or groups, so the visit rollup keeps one
-- row per visit, day and place (storefront, release, channel, campaign) with the funnel steps it reached as bits; a
-- visit is some twenty events, so the rollup is about a twentieth of the events. Percentiles cannot be added up
-- either, so the web vitals keep every measurement of a day and group as one compressed array (real: well under a
-- millisecond of precision), and the 75th percentile is percentile_cont over them.

-- The days rolled up. Deleting a day deletes its rollup rows (the retention drops the days whose partition is gone).
CREATE TABLE analytics_rolled_days (
  day       date PRIMARY KEY,
  rolled_at timestamptz NOT NULL DEFAULT now()
);

-- steps: 1 viewed a page, 2 added to the cart, 4 reached a checkout step, 8 bought.
CREATE TABLE analytics_visit_days (
  day        date NOT NULL REFERENCES analytics_rolled_days (day) ON DELETE CASCADE,
  url_local  text NOT NULL,
  release_id text NOT NULL,
  channel    text NOT NULL,
  campaign   text NOT NULL,
  visit_id   text NOT NULL,
  steps      smallint NOT NULL,
  page_views integer NOT NULL
);
CREATE INDEX analytics_visit_days_day_idx ON analytics_visit_days (day, url_local);

CREATE TABLE analytics_page_days (
  day       date NOT NULL REFERENCES analytics_rolled_days (day) ON DELETE CASCADE,
  url_local text NOT NULL,
  path      text NOT NULL,
  views     integer NOT NULL
);
CREATE INDEX analytics_page_days_day_idx ON analytics_page_days (day, url_local);

-- Searches that found nothing, by query as typed (lower case, trimmed).
CREATE TABLE analytics_empty_search_days (
  day       date NOT NULL REFERENCES analytics_rolled_days (day) ON DELETE CASCADE,
  url_local text NOT NULL,
  query     text NOT NULL,
  searches  integer NOT NULL
);
CREATE INDEX analytics_empty_search_days_day_idx ON analytics_empty_search_days (day, url_local);

-- One row per order and day: its first purchase event of the day (a reloaded confirmation page sends another). An
-- order seen on two days is counted once by the reads (its first day).
CREATE TABLE analytics_order_days (
  day        date NOT NULL REFERENCES analytics_rolled_days (day) ON DELETE CASCADE,
  url_local  text NOT NULL,
  order_key  text NOT NULL,
  release_id text NOT NULL,
  channel    text NOT NULL,
  campaign   text NOT NULL,
  currency   text NOT NULL,
  value      bigint NOT NULL,
  first_at   timestamptz NOT NULL
);
CREATE INDEX analytics_order_days_day_idx ON analytics_order_days (day, url_local);

CREATE TABLE analytics_vital_days (
  day        date NOT NULL REFERENCES analytics_rolled_days (day) ON DELETE CASCADE,
  url_local  text NOT NULL,
  page_type  text NOT NULL,
  release_id text NOT NULL,
  metric     text NOT NULL,
  vals       real[] NOT NULL
);
CREATE INDEX analytics_vital_days_day_idx ON analytics_vital_days (day, url_local);

-- The rows of the rollup tables as the events of `days` give them, for the storefronts `locals` (NULL: all).
CREATE FUNCTION analytics_visit_rows(days date[], locals text[])
RETURNS TABLE (day date, url_local text, release_id text, channel text, campaign text, visit_id text, steps smallint,
  page_views integer)
LANGUAGE sql STABLE AS $$
  SELECT received_on, url_local, release_id, channel, coalesce(campaign, ''), visit_id,
    bit_or(CASE kind WHEN 'page_view' THEN 1 WHEN 'add_to_cart' THEN 2 WHEN 'checkout_step' THEN 4
      WHEN 'purchase' THEN 8 ELSE 0 END)::smallint,
    (count(*) FILTER (WHERE kind = 'page_view'))::integer
  FROM analytics_events
  WHERE received_on = ANY (days) AND (locals IS NULL OR url_local = ANY (locals))
  GROUP BY received_on, url_local, release_id, channel, coalesce(campaign, ''), visit_id
$$;

CREATE FUNCTION analytics_page_rows(days date[], locals text[])
RETURNS TABLE (day date, url_local text, path text, views integer)
LANGUAGE sql STABLE AS $$
  SELECT received_on, url_local, path, count(*)::integer
  FROM analytics_events
  WHERE received_on = ANY (days) AND (locals IS NULL OR url_local = ANY (locals)) AND kind = 'page_view'
  GROUP BY received_on, url_local, path
$$;

CREATE FUNCTION analytics_empty_search_rows(days date[], locals text[])
RETURNS TABLE (day date, url_local text, query text, searches integer)
LANGUAGE sql STABLE AS $$
  SELECT received_on, url_local, lower(btrim(query)), count(*)::integer
  FROM analytics_events
  WHERE received_on = ANY (days) AND (locals IS NULL OR url_local = ANY (locals)) AND kind = 'search'
    AND results = 0 AND btrim(coalesce(query, '')) <> ''
  GROUP BY received_on, url_local, lower(btrim(query))
$$;

-- An order is its order id (target); a purchase event without one counts as one order of its visit.
CREATE FUNCTION analytics_order_rows(days date[], locals text[])
RETURNS TABLE (day date, url_local text, order_key text, release_id text, channel text, campaign text,
  currency text, value bigint, first_at timestamptz)
LANGUAGE sql STABLE AS $$
  SELECT DISTINCT ON (received_on, url_local, coalesce(target, 'visit:' || visit_id))
    received_on, url_local, coalesce(target, 'visit:' || visit_id), release_id, channel, coalesce(campaign, ''),
    currency, value, occurred_at
  FROM analytics_events
  WHERE received_on = ANY (days) AND (locals IS NULL OR url_local = ANY (locals)) AND kind = 'purchase'
    AND currency IS NOT NULL AND value IS NOT NULL
  ORDER BY received_on, url_local, coalesce(target, 'visit:' || visit_id), occurred_at
$$;

CREATE FUNCTION analytics_vital_rows(days date[], locals text[])
RETURNS TABLE (day date, url_local text, page_type text, release_id text, metric text, vals real[])
LANGUAGE sql STABLE AS $$
  SELECT received_on, url_local, page_type, release_id, metric, array_agg(metric_value::real)
  FROM analytics_events
  WHERE received_on = ANY (days) AND (locals IS NULL OR url_local = ANY (locals)) AND kind = 'web_vital'
    AND metric IS NOT NULL AND metric_value IS NOT NULL
  GROUP BY received_on, url_local, page_type, release_id, metric
$$;

-- Measurements of several days or groups put together (array_cat as an aggregate).
CREATE AGGREGATE analytics_concat(real[]) (SFUNC = array_cat, STYPE = real[], INITCOND = '{}');

-- Rolls one finished day up, once: answers false when it was rolled already (by this or another process; the
-- second waits on the first's row and then finds it).
CREATE FUNCTION analytics_roll_day(d date) RETURNS boolean LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO analytics_rolled_days (day) VALUES (d) ON CONFLICT (day) DO NOTHING;
  IF NOT FOUND THEN
    RETURN false;
  END IF;
  INSERT INTO analytics_visit_days SELECT * FROM analytics_visit_rows(ARRAY[d], NULL);
  INSERT INTO analytics_page_days SELECT * FROM analytics_page_rows(ARRAY[d], NULL);
  INSERT INTO analytics_empty_search_days SELECT * FROM analytics_empty_search_rows(ARRAY[d], NULL);
  INSERT INTO analytics_order_days SELECT * FROM analytics_order_rows(ARRAY[d], NULL);
  INSERT INTO analytics_vital_days SELECT * FROM analytics_vital_rows(ARRAY[d], NULL);
  RETURN true;
END $$;
