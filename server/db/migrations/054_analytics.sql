-- First-party analytics: the events pages send when the shopper allows the analytical category. One row per event,
-- in a partition per day of arrival (the server's date, so a wrong device clock cannot land a row outside the
-- partitions), so that the retention period drops whole days instead of deleting rows. No client address, no user
-- agent, no account: a visit is a random per-tab id.
CREATE TABLE analytics_events (
  received_on    date NOT NULL DEFAULT current_date,
  occurred_at    timestamptz NOT NULL,
  url_local      text NOT NULL,
  lang           text NOT NULL,
  page_type      text NOT NULL,
  release_id     text NOT NULL DEFAULT '',
  device         text NOT NULL,
  app            text NOT NULL DEFAULT 'web',
  visit_id       text NOT NULL,
  instance_id    text,
  app_session_id text,
  channel        text NOT NULL,
  campaign       text,
  kind           text NOT NULL,
  path           text NOT NULL,
  target         text,
  query          text,
  results        integer,
  step           text,
  value          bigint,
  currency       text,
  quantity       integer,
  metric         text,
  metric_value   double precision
) PARTITION BY RANGE (received_on);

CREATE INDEX analytics_events_local_day_idx ON analytics_events (url_local, received_on, kind);

-- The partition of one day, created when missing; answers whether it created it. Makers take turns (an advisory
-- lock), and the one that waited looks again in pg_class, whose rows its new statement sees committed (to_regclass
-- answers from this session's cache, which may still say missing). Creating a partition locks the whole table; a
-- report holding it must not keep every insert waiting behind this, so the wait is bounded (the caller tries again
-- later: the daily roll, the next insert).
CREATE FUNCTION analytics_ensure_partition(day date) RETURNS boolean LANGUAGE plpgsql AS $$
DECLARE
  part text := 'analytics_events_' || to_char(day, 'YYYYMMDD');
  waited text := current_setting('lock_timeout');
BEGIN
  IF to_regclass(part) IS NOT NULL THEN
    RETURN false;
  END IF;
  PERFORM set_config('lock_timeout', '5s', true);
  PERFORM pg_advisory_xact_lock(72410054);
  IF EXISTS (SELECT 1 FROM pg_class WHERE relname = part AND relnamespace = current_schema()::regnamespace) THEN
    PERFORM set_config('lock_timeout', waited, true);
    RETURN false;
  END IF;
  EXECUTE format('CREATE TABLE IF NOT EXISTS %I PARTITION OF analytics_events FOR VALUES FROM (%L) TO (%L)',
    part, day, day + 1);
  PERFORM set_config('lock_timeout', waited, true);
  RETURN true;
END $$;

-- Rolls the partitions on: makes those of `today` and the next `ahead_days` days, and drops every day older than
-- the retention period (`keep_days` days up to today). Answers how many it created and dropped. Run at start and
-- daily; two processes running it at once take turns (the same advisory lock as the makers).
CREATE FUNCTION analytics_roll_partitions(today date, keep_days integer, ahead_days integer DEFAULT 2)
RETURNS TABLE (created integer, dropped integer) LANGUAGE plpgsql AS $$
DECLARE
  part record;
  made integer := 0;
  gone integer := 0;
  waited text := current_setting('lock_timeout');
BEGIN
  PERFORM set_config('lock_timeout', '5s', true);
  PERFORM pg_advisory_xact_lock(72410054);
  FOR i IN 0..ahead_days LOOP
    IF analytics_ensure_partition(today + i) THEN
      made := made + 1;
    END IF;
  END LOOP;
  FOR part IN
    SELECT c.relname FROM pg_inherits h JOIN pg_class c ON c.oid = h.inhrelid
    WHERE h.inhparent = 'analytics_events'::regclass AND c.relname ~ '^analytics_events_[0-9]{8}$'
      AND to_date(substring(c.relname FROM 18), 'YYYYMMDD') < today - keep_days + 1
  LOOP
    EXECUTE format('DROP TABLE IF EXISTS %I', part.relname);
    gone := gone + 1;
  END LOOP;
  PERFORM set_config('lock_timeout', waited, true);
  created := made;
  dropped := gone;
  RETURN NEXT;
END $$;

SELECT analytics_roll_partitions(current_date, 1);
