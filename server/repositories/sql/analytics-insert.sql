-- Analytics events in one statement: one array per column, one element per event (the events of one batch, or of
-- several batches that arrived together, each event with its batch's context). received_on is the database's date (the
-- column default), so it always names a partition the roll made, whatever the device's clock said.
-- The statement's own transaction commits without waiting for the write-ahead log to reach the disk (set here, in the
-- same round trip): a database crash may lose the last moment of events, never corrupt them, and a page never sends
-- a beacon again anyway; waiting for the flush would be most of a batch's time.
WITH no_flush_wait AS MATERIALIZED (SELECT set_config('synchronous_commit', 'off', true))
INSERT INTO analytics_events (
  occurred_at, url_local, lang, page_type, release_id, device, app, visit_id, instance_id, app_session_id, channel,
  campaign, kind, path, target, query, results, step, value, currency, quantity, metric, metric_value
)
SELECT to_timestamp(e.at_ms / 1000.0), e.url_local, e.lang, e.page_type, e.release_id, e.device, e.app, e.visit_id,
  e.instance_id, e.app_session_id, e.channel, e.campaign, e.kind, e.path, e.target, e.query, e.results, e.step, e.value,
  e.currency, e.quantity, e.metric, e.metric_value
FROM unnest($1::float8[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[],
  $9::text[], $10::text[], $11::text[], $12::text[], $13::text[], $14::text[], $15::text[], $16::text[], $17::int[],
  $18::text[], $19::bigint[], $20::text[], $21::int[], $22::text[], $23::float8[])
  AS e (at_ms, url_local, lang, page_type, release_id, device, app, visit_id, instance_id, app_session_id, channel,
    campaign, kind, path, target, query, results, step, value, currency, quantity, metric, metric_value),
  no_flush_wait
